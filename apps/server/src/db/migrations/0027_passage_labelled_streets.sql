-- A street labelled with its street word ("Rua: Pinheiro Machado, 2310", a contact page's list) is an address too, found
-- by "endereço" (knowledge/forms.ts). Passages written before have their lexemes computed again by the workers' sweep
-- (backfillLexemes), which takes the rows without any: this selects a superset of those with such a label (a street
-- word before a colon, and a digit), and the application decides.
UPDATE "passages" SET "tsv" = NULL
WHERE "content" ~ '[0-9]'
  AND "content" ~* '(rua|r\.|av\.|avenida|alameda|al\.|travessa|tv\.|rodovia|rod\.|estrada|est\.|estr\.|praça|pça\.|largo):';
