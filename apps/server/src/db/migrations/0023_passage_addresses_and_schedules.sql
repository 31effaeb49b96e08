-- A passage with an address ("Av. Afonso Pena, 760") or a schedule (a day next to an hour: "Segunda à Sábado 09:00 às
-- 12:00hs") is also found by the word that names it ("qual o endereço?", "qual o horário?", "que horas…?":
-- knowledge/forms.ts). Passages written before have their lexemes computed again by the workers' sweep
-- (backfillLexemes), which takes the rows without any: this selects a superset of those with such a form (a street word
-- or a day's name, and a digit), and the application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~ '[0-9]'
  AND "content" ~* '(rua|r\.|av\.|avenida|alameda|al\.|travessa|tv\.|rodovia|rod\.|estrada|est\.|estr\.|praça|pça\.|largo|segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo|seg|sex|sáb|sab|dom|feriado)';
