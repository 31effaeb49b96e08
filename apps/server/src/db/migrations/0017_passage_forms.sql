-- A passage with a phone number, an e-mail address, an Instagram handle or installments ("em até 12x") is also found by
-- the word that names it ("qual o telefone?", "parcela em quantas vezes?": knowledge/forms.ts). Passages written before
-- have their lexemes computed again by the workers' sweep (backfillLexemes), which takes the rows without any: this
-- selects a superset of those with such a form (an '@', digits written as a phone's, a number before an 'x'), and the
-- application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" LIKE '%@%'
  OR "content" ~ '[0-9]{3}[-. ]?[0-9]{4}'
  OR "content" ~* '[0-9] ?x([^[:alnum:]]|$)';
