-- Tier one of a directory search (names containing the search) asks `directory_containing` which
-- listed words a containing name must hold. 0028 looked up only the search's words of three letters
-- or more, anywhere inside a listed word, so a search of short words ("ka lo mi") walked the whole
-- name index checking every name (~0.6–1.5 s on 1,000,000 companies, none matching). Each word of
-- the search now says where it lies in a containing name's word, from what stands beside it in the
-- search: between two separators it is a whole word of the name ("lo" in "ka lo mi"), after one the
-- start of a word, before one the end of a word, alone anywhere inside a word. A word of one or two
-- letters with nothing beside it (the whole search "ab", or inside "ab3") is still skipped: inside
-- a word it fits too many to help. The word with the fewest names decides, as before.
CREATE OR REPLACE FUNCTION directory_containing(needle text, word_hits integer, OUT path text, OUT words text[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_any boolean := false;
  entries bigint;
BEGIN
  SELECT true, d.entries, CASE WHEN d.entries <= word_hits THEN d.words END
    INTO found_any, entries, words
    FROM (
      SELECT p.run, p.n,
             CASE WHEN p.n > 1 THEN '' ELSE '%' END || p.run || CASE WHEN p.n < p.runs THEN '' ELSE '%' END AS pattern,
             p.n > 1 OR p.n < p.runs AS bounded
        FROM (
          SELECT s.run, s.n, count(*) OVER () AS runs
            FROM regexp_split_to_table(needle, '[^[:alnum:]]+') WITH ORDINALITY AS s(run, n)
        ) p
       WHERE p.run <> ''
    ) r
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(w.entries), 0) AS entries, array_agg(w.word) AS words
        FROM directory_words w
       WHERE w.word LIKE r.pattern
    ) d
   WHERE length(r.run) >= 3 OR r.bounded
   ORDER BY d.entries, r.n
   LIMIT 1;
  IF found_any IS NOT TRUE THEN
    path := 'walk';
    words := NULL;
  ELSIF entries = 0 THEN
    path := 'none';
    words := NULL;
  ELSIF words IS NULL THEN
    path := 'walk';
  ELSE
    path := 'words';
  END IF;
END;
$$;
