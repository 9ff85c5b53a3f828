-- Tier two of a directory search of several words (names reading like the search) starts with
-- `directory_close_words` (0028), which split the search into its words four times over (three
-- calls of the SQL function `directory_words_of`, each run by the SQL function executor, and a
-- query per step), and whose queries were planned anew on every call when called from a statement
-- that did not force generic plans (a search by name or newest). On the kept 1,000,000 companies
-- that was ~1.1 ms of server CPU per call, a third of a search of a brand and a word. The words are
-- now split once into an array that every step reads, and the function keeps its queries' generic
-- plans whoever calls it. What it answers is unchanged: the same kind, spellings and share for every
-- search (the steps read the same distinct words, in the same order).
CREATE OR REPLACE FUNCTION directory_close_words(q text, alternatives integer, candidates integer,
                                      OUT kind text, OUT words text[], OUT share real)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  -- The search's distinct words, as `directory_words_of` gives them.
  runs text[] := directory_words_array(lower(q));
  total integer := cardinality(show_trgm(lower(q)));
  -- The share as the setting reads (a double, as the threshold is compared with the trigram count).
  bound double precision := current_setting('pg_trgm.word_similarity_threshold')::double precision;
  left_out integer := 0;
  names bigint;
  w record;
  i integer;
BEGIN
  share := current_setting('pg_trgm.word_similarity_threshold')::real;
  words := '{}';
  -- No letter or digit: nothing reads like it.
  IF cardinality(runs) = 0 THEN
    kind := 'none';
    RETURN;
  END IF;
  -- Words of one or two letters are never looked up and count as left out.
  SELECT coalesce(sum(cardinality(show_trgm(r.word))), 0) INTO left_out
    FROM unnest(runs) AS r(word)
   WHERE length(r.word) < 3;
  IF left_out >= bound * total THEN
    kind := 'similar';
    RETURN;
  END IF;
  FOR w IN
    SELECT s.word, cardinality(show_trgm(s.word)) AS trigrams,
           coalesce(array_agg(d.word ORDER BY d.rank DESC, d.word) FILTER (WHERE d.word IS NOT NULL), '{}') AS spellings,
           coalesce(array_agg(d.entries ORDER BY d.rank DESC, d.word) FILTER (WHERE d.word IS NOT NULL), '{}') AS uses,
           coalesce(sum(d.entries), 0) AS entries
      FROM unnest(runs) AS s(word)
      LEFT JOIN LATERAL (
        SELECT dw.word, dw.entries, word_similarity(s.word, dw.word) AS rank
          FROM directory_words dw
         WHERE s.word <% dw.word
         ORDER BY rank DESC, dw.word
         LIMIT alternatives
      ) d ON true
     WHERE length(s.word) >= 3
     GROUP BY s.word
     ORDER BY entries DESC, s.word COLLATE "C"
  LOOP
    IF cardinality(w.spellings) > 0 AND left_out + w.trigrams < bound * total THEN
      left_out := left_out + w.trigrams;
      CONTINUE;
    END IF;
    names := 0;
    FOR i IN 1 .. coalesce(cardinality(w.spellings), 0) LOOP
      names := names + w.uses[i];
      EXIT WHEN i > 1 AND names > candidates;
      words := words || w.spellings[i];
    END LOOP;
  END LOOP;
  kind := CASE WHEN cardinality(words) = 0 THEN 'none' ELSE 'words' END;
END;
$$;
