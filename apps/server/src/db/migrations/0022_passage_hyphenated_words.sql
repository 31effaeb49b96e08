-- A word written with a hyphen is also found by the word written without it ("WI-FI" by "wifi", "e-mail" by "email":
-- knowledge/text-search.ts lexemeSet). Passages written before have their lexemes computed again by the workers' sweep
-- (backfillLexemes), which takes the rows without any: this selects a superset of those with such a word, and the
-- application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~* '[a-zà-ÿ]-[a-zà-ÿ]';
