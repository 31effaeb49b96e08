-- A mobile number whose leading 9 stands apart ("(85) 9 9970-1822") is a phone number too, found by "telefone" /
-- "whatsapp" (knowledge/forms.ts). Passages written before have their lexemes computed again by the workers' sweep
-- (backfillLexemes), which takes the rows without any: this selects a superset of those with such a number, and the
-- application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~ '9[ .][0-9]{4}[-. ]?[0-9]{4}';
