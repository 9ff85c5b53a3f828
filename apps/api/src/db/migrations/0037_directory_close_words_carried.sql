-- Tier two of a search of several words takes the close spellings of some of the search's words
-- only (0028, 0032): the most used words are left out while the words left out hold less than the
-- threshold's share of the search's trigrams, since a name reading like the search must then hold
-- trigrams of the words kept, found through their close spellings. When no word kept has a close
-- spelling (a letter typed with an accent, "Sarasa Grëen"; a word no listed name uses) nothing
-- carried the search and the words left out were lost with it: "Sarasa Grëen" found no name,
-- although "Sarasa Green Growers" reads like it (0.69) and "Sarasa Greem" finds it. The spellings of
-- the words left out are now kept aside, each word's bounded as before, and stand in when the words
-- kept bring none. Every other search answers as before.
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
  -- The close spellings of the words left out, in case the words kept have none.
  spare text[] := '{}';
  leave boolean;
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
    leave := cardinality(w.spellings) > 0 AND left_out + w.trigrams < bound * total;
    IF leave THEN
      left_out := left_out + w.trigrams;
    END IF;
    names := 0;
    FOR i IN 1 .. coalesce(cardinality(w.spellings), 0) LOOP
      names := names + w.uses[i];
      EXIT WHEN i > 1 AND names > candidates;
      IF leave THEN
        spare := spare || w.spellings[i];
      ELSE
        words := words || w.spellings[i];
      END IF;
    END LOOP;
  END LOOP;
  IF cardinality(words) = 0 THEN
    words := spare;
  END IF;
  kind := CASE WHEN cardinality(words) = 0 THEN 'none' ELSE 'words' END;
END;
$$;
