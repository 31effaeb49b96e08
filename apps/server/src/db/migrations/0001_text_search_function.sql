-- Accent folding for full-text search. unaccent() is not IMMUTABLE (and needs an extension), so a plain
-- translate() over the Latin letters Portuguese uses, declared IMMUTABLE, feeds the generated tsvector.
CREATE OR REPLACE FUNCTION atende_unaccent(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(value,
    'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ',
    'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')
$$;
