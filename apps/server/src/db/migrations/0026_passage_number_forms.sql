-- A number written with thousands separators ("5.000", "R$ 1.500,00") or as thousands ("10 mil") is also found by its
-- bare digits ("5000", "1500", "10000"), as a customer writes it (knowledge/text-search.ts lexemeSet). Passages written
-- before have their lexemes computed again by the workers' sweep (backfillLexemes), which takes the rows without any:
-- this selects a superset of those with such a number (a digit before a dot and three digits, or before "mil"), and the
-- application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~* '[0-9]\.[0-9]{3}|[0-9]\s*mil';
