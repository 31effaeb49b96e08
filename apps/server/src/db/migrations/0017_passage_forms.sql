-- A passage with a phone number, an e-mail address or an Instagram handle is also found by the word that names it
-- ("qual o telefone?": knowledge/forms.ts). Passages written before have their lexemes computed again by the
-- workers' sweep (backfillLexemes), which takes the rows without any: this selects a superset of those with such a
-- form (an '@', or digits written as a phone number's), and the application decides.
UPDATE "passages" SET "tsv" = NULL WHERE "content" LIKE '%@%' OR "content" ~ '[0-9]{3}[-. ]?[0-9]{4}';
