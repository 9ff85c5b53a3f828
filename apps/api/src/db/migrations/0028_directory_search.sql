-- The two questions a directory search asks the dictionary of listed words (`directory_words`)
-- before it reads names, as functions, so that a search sends one statement: the repository's
-- statement calls them in its first steps and skips, by a one-time filter on their answer, the ways
-- to the names it does not need (see `directory.repository.ts`). plpgsql keeps each function's
-- query planned once per connection. CREATE OR REPLACE: a database that ran this file under its
-- first number (0027, before the webcrawler's 0027 landed) takes it again unharmed.
--
-- Tier one (names containing the search): for each word of the lower-cased search of three letters
-- or more, the listed words containing it and how many names use them; the word with the fewest
-- names decides: none, 'none' (no name contains the search); up to `word_hits` names, 'words' and
-- those listed words (read the names holding them); more, or no word of three letters, 'walk'
-- (walk the name index).
CREATE OR REPLACE FUNCTION directory_containing(needle text, word_hits integer, OUT path text, OUT words text[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_any boolean := false;
  entries bigint;
BEGIN
  SELECT true, d.entries, CASE WHEN d.entries <= word_hits THEN d.words END
    INTO found_any, entries, words
    FROM directory_words_of(needle) WITH ORDINALITY AS r(run, n)
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(w.entries), 0) AS entries, array_agg(w.word) AS words
        FROM directory_words w
       WHERE w.word LIKE '%' || r.run || '%'
    ) d
   WHERE length(r.run) >= 3
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
--> statement-breakpoint
-- Tier two (names that read like the search): which listed words carry it. Each word of the search
-- (three letters or more) reads like up to `alternatives` listed words (`<%`, closest first). A
-- name reads like the search when one stretch of it holds the threshold's share of the search's
-- trigrams, so the words left out (the most used first) must together hold less than that share;
-- words of one or two letters are never looked up and count as left out, and when those alone
-- reach the share, kind is 'similar' (search the names by similarity). The carrying words' listed
-- spellings are taken closest first while the names using them stay within `candidates` (the
-- closest always). No such spelling: 'none'; else 'words' with them and the share.
CREATE OR REPLACE FUNCTION directory_close_words(q text, alternatives integer, candidates integer,
                                      OUT kind text, OUT words text[], OUT share real)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
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
  IF NOT EXISTS (SELECT FROM directory_words_of(lower(q))) THEN
    kind := 'none';
    RETURN;
  END IF;
  FOR w IN
    SELECT s.word, cardinality(show_trgm(s.word)) AS trigrams
      FROM (SELECT DISTINCT word FROM directory_words_of(lower(q)) AS x(word)) s
     WHERE length(s.word) < 3
  LOOP
    left_out := left_out + w.trigrams;
  END LOOP;
  IF left_out >= bound * total THEN
    kind := 'similar';
    RETURN;
  END IF;
  FOR w IN
    SELECT s.word, cardinality(show_trgm(s.word)) AS trigrams,
           coalesce(array_agg(d.word ORDER BY d.rank DESC, d.word) FILTER (WHERE d.word IS NOT NULL), '{}') AS spellings,
           coalesce(array_agg(d.entries ORDER BY d.rank DESC, d.word) FILTER (WHERE d.word IS NOT NULL), '{}') AS uses,
           coalesce(sum(d.entries), 0) AS entries
      FROM (SELECT DISTINCT word FROM directory_words_of(lower(q)) AS x(word)) s
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
