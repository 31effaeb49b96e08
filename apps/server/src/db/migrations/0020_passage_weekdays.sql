-- A passage that names days of the week by a range or a group ("Segunda a sexta", "Seg-Sex", "2ª a 6ª", "fins de
-- semana", "todos os dias") is also found by the days it covers ("vocês abrem na quarta?": knowledge/weekdays.ts).
-- Passages written before have their lexemes computed again by the workers' sweep (backfillLexemes), which takes the
-- rows without any: this selects a superset of those that name a day, and the application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~* '(segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo|feira|\ms[áa]b\M|[2-6] ?[ªº]|de semana|\mfds\M|\mdias? [úu]te|todos os dias|todo dia|diariamente|dias por semana)'
  OR "content" ~* '\m(seg|ter|qua|qui|sex|dom)\M\.? ?[:,/&+àa–—-]';
