-- A plural in -óis, -éis, -ais or -uis is also found by its singular in -l, and the other way round ("girassóis" by
-- "girassol", "pastéis" by "pastel", "animais" by "animal": knowledge/text-search.ts lexemeSet). Passages written before
-- have their lexemes computed again by the workers' sweep (backfillLexemes), which takes the rows without any: this
-- selects a superset of those with such a word (two characters or more before the ending; "mais" is not one), and the
-- application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~* '\S\S(ais|eis|éis|ÉIS|ois|óis|ÓIS|uis)\M';
