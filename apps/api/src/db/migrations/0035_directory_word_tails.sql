-- Tier one of a directory search (names containing the search) starts from the dictionary of the
-- listed words: for each word of the search, the listed words it lies inside (0029 places it: a whole
-- word between two separators, the start of a word after one, the end before one, anywhere inside
-- alone), the rarest deciding. That was `word LIKE pattern` on the dictionary's trigram index
-- (`directory_words_trgm`), which reads the posting lists of every trigram of the search word
-- (~0.1 ms for a brand among 27,000 words, twice for a brand and a word).
--
-- `directory_word_tails` holds every tail of each listed word (the word from its `at`-th letter on;
-- `at` = 1 is the whole word), ~190,000 rows for 27,000 words, with a B-tree on the tails in byte
-- order. A listed word contains the search word when one of its tails starts with it; starts with
-- it when its whole word (at = 1) does; ends with it when a tail is it; is it when both. "Starts
-- with" is a range of the B-tree (from the search word up to the search word followed by the
-- largest code point, U+10FFFF, `chr(1114111)` in a UTF-8 database, which no word holds: words are
-- runs of letters and digits), so
-- each look-up is one descent and the few entries it finds. The same listed words as the LIKE gave,
-- each once (DISTINCT: a word may hold the search word twice), with their uses from the dictionary.
--
-- Kept by statement triggers on directory_words (a word gained or lost, its tails with it; the
-- dictionary's counts change without touching them; a row trigger for a word renamed in place,
-- which nothing does today); `directory_words_rebuild()` (a bulk load's, which may run with
-- triggers off) rebuilds them too. Both `directory_search` (0034) and
-- `directory_containing` (0029, searches sorted by name or newest) read it; the rest of both is
-- unchanged.
CREATE TABLE "directory_word_tails" (
	"word" text NOT NULL,
	"at" integer NOT NULL,
	"tail" text NOT NULL,
	CONSTRAINT "directory_word_tails_word_at_pk" PRIMARY KEY("word","at")
);
--> statement-breakpoint
CREATE INDEX "directory_word_tails_by_tail" ON "directory_word_tails" USING btree (("tail" collate "C"),"word","at");
--> statement-breakpoint
CREATE FUNCTION directory_word_tails_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO directory_word_tails (word, at, tail)
    SELECT g.word, i, substr(g.word, i)
      FROM gained_words g, generate_series(1, length(g.word)) AS i
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM directory_word_tails t USING lost_words l WHERE t.word = l.word;
  ELSE
    -- A word renamed in place (nothing in the app does; the counts' updates do not name the word).
    DELETE FROM directory_word_tails WHERE word = OLD.word;
    INSERT INTO directory_word_tails (word, at, tail)
    SELECT NEW.word, i, substr(NEW.word, i) FROM generate_series(1, length(NEW.word)) AS i
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_word_tails_insert AFTER INSERT ON directory_words
  REFERENCING NEW TABLE AS gained_words FOR EACH STATEMENT EXECUTE FUNCTION directory_word_tails_follow();
--> statement-breakpoint
CREATE TRIGGER directory_word_tails_delete AFTER DELETE ON directory_words
  REFERENCING OLD TABLE AS lost_words FOR EACH STATEMENT EXECUTE FUNCTION directory_word_tails_follow();
--> statement-breakpoint
-- Per row and only for an update that names the word (a statement trigger with transition tables
-- cannot name a column, and would capture every update of the counts).
CREATE TRIGGER directory_word_tails_rename AFTER UPDATE OF word ON directory_words
  FOR EACH ROW WHEN (OLD.word IS DISTINCT FROM NEW.word) EXECUTE FUNCTION directory_word_tails_follow();
--> statement-breakpoint
-- Every entry's words at once, set-based (a bulk load's that ran without triggers), and their tails.
CREATE OR REPLACE FUNCTION directory_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM directory_words;
  INSERT INTO directory_words (word, entries)
  SELECT word, count(*) FROM directory_entries, directory_words_of(name_key) AS word GROUP BY word;
  DELETE FROM directory_word_tails;
  INSERT INTO directory_word_tails (word, at, tail)
  SELECT w.word, i, substr(w.word, i) FROM directory_words w, generate_series(1, length(w.word)) AS i;
$$;
--> statement-breakpoint
INSERT INTO directory_word_tails (word, at, tail)
SELECT w.word, i, substr(w.word, i) FROM directory_words w, generate_series(1, length(w.word)) AS i;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_search(q text, type_id integer, state_code text, segment_id integer,
                                 sealed boolean, now_at timestamptz, page_limit integer, page_offset integer,
                                 word_hits integer, list_words integer, alternatives integer, candidates integer,
                                 OUT page_ids integer[], OUT page_seals boolean[])
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  needle text := lower(q);
  stop integer := page_offset + page_limit;
  runs text[];
  found_any boolean := false;
  hits bigint;
  words text[];
  ids integer[] := '{}';
  seals boolean[] := '{}';
  more_ids integer[];
  more_seals boolean[];
  spelled record;
  -- Tier two of several words: the search's trigrams, how many of them a name must hold, and per
  -- spelling the letters of which a name holding it must hold one (see above).
  grams text[];
  cores text[];
  need integer;
BEGIN
  -- Tier one.
  SELECT true, d.entries, d.words INTO found_any, hits, words
    FROM (
      SELECT p.run, p.n, p.n > 1 AS starts, p.n < p.runs AS ends
        FROM (
          SELECT s.run, s.n, count(*) OVER () AS runs
            FROM regexp_split_to_table(needle, '[^[:alnum:]]+') WITH ORDINALITY AS s(run, n)
        ) p
       WHERE p.run <> ''
    ) r
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(w.entries), 0) AS entries, array_agg(w.word) AS words
        FROM (SELECT DISTINCT t.word
                FROM directory_word_tails t
               WHERE (t.tail COLLATE "C") >= r.run AND (t.tail COLLATE "C") < r.run || chr(1114111)
                 AND (NOT r.ends OR t.tail = r.run) AND (NOT r.starts OR t.at = 1)) x
        JOIN directory_words w ON w.word = x.word
    ) d
   WHERE length(r.run) >= 3 OR r.starts OR r.ends
   ORDER BY d.entries, r.n
   LIMIT 1;
  IF found_any IS TRUE AND hits > 0 AND (hits <= word_hits OR cardinality(words) <= list_words) THEN
    SELECT coalesce(array_agg(x.company_id ORDER BY x.name_key, x.company_id), '{}'),
           coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.name_key, x.company_id), '{}')
      INTO ids, seals
      FROM (
        SELECT DISTINCT h.company_id, h.name_key, h.seal_until
          FROM unnest(words) AS l(word)
          CROSS JOIN LATERAL (
            SELECT p.company_id, p.name_key, p.seal_until
              FROM directory_postings p
             WHERE p.word = l.word AND strpos(p.name_key, needle) > 0
               AND (type_id IS NULL OR p.business_type_id = type_id)
               AND (state_code IS NULL OR p.state = state_code)
               AND (segment_id IS NULL OR segment_id = ANY (p.segment_ids))
               AND (sealed IS NULL OR coalesce(p.seal_until > now_at, false) = sealed)
             ORDER BY p.name_key, p.company_id
             LIMIT stop
          ) h
         ORDER BY h.name_key, h.company_id
         LIMIT stop
      ) x;
  ELSIF found_any IS NOT TRUE OR hits > 0 THEN
    -- The walk, on the index that leads with an equality filter when there is one.
    IF state_code IS NOT NULL THEN
      SELECT coalesce(array_agg(x.company_id ORDER BY x.name_key, x.company_id), '{}'),
             coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.name_key, x.company_id), '{}')
        INTO ids, seals
        FROM (
          SELECT e.company_id, e.name_key, e.seal_until FROM directory_entries e
           WHERE e.state = state_code AND strpos(e.name_key, needle) > 0
             AND (type_id IS NULL OR e.business_type_id = type_id)
             AND (segment_id IS NULL OR segment_id = ANY (e.segment_ids))
             AND (sealed IS NULL OR coalesce(e.seal_until > now_at, false) = sealed)
           ORDER BY e.state, e.name_key, e.company_id
           LIMIT stop
        ) x;
    ELSIF type_id IS NOT NULL THEN
      SELECT coalesce(array_agg(x.company_id ORDER BY x.name_key, x.company_id), '{}'),
             coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.name_key, x.company_id), '{}')
        INTO ids, seals
        FROM (
          SELECT e.company_id, e.name_key, e.seal_until FROM directory_entries e
           WHERE e.business_type_id = type_id AND strpos(e.name_key, needle) > 0
             AND (segment_id IS NULL OR segment_id = ANY (e.segment_ids))
             AND (sealed IS NULL OR coalesce(e.seal_until > now_at, false) = sealed)
           ORDER BY e.business_type_id, e.name_key, e.company_id
           LIMIT stop
        ) x;
    ELSE
      SELECT coalesce(array_agg(x.company_id ORDER BY x.name_key, x.company_id), '{}'),
             coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.name_key, x.company_id), '{}')
        INTO ids, seals
        FROM (
          SELECT e.company_id, e.name_key, e.seal_until FROM directory_entries e
           WHERE strpos(e.name_key, needle) > 0
             AND (segment_id IS NULL OR segment_id = ANY (e.segment_ids))
             AND (sealed IS NULL OR coalesce(e.seal_until > now_at, false) = sealed)
           ORDER BY e.name_key, e.company_id
           LIMIT stop
        ) x;
    END IF;
  END IF;

  -- Tier two.
  IF cardinality(ids) < stop THEN
    SELECT array_agg(DISTINCT s.run) INTO runs
      FROM regexp_split_to_table(needle, '[^[:alnum:]]+') AS s(run) WHERE s.run <> '';
    IF cardinality(runs) = 1 AND length(runs[1]) >= 3 THEN
      SELECT coalesce(array_agg(x.company_id ORDER BY x.rank DESC, x.name_key, x.company_id), '{}'),
             coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.rank DESC, x.name_key, x.company_id), '{}')
        INTO more_ids, more_seals
        FROM (
          SELECT h.company_id, h.name_key, h.seal_until, max(c.rank) AS rank
            FROM (
              SELECT dw.word, word_similarity(runs[1], dw.word) AS rank
                FROM directory_words dw
               WHERE runs[1] <% dw.word
               ORDER BY rank DESC, dw.word
               LIMIT alternatives
            ) c
            CROSS JOIN LATERAL (
              SELECT p.company_id, p.name_key, p.seal_until
                FROM directory_postings p
               WHERE p.word = c.word AND strpos(p.name_key, needle) = 0
                 AND (type_id IS NULL OR p.business_type_id = type_id)
                 AND (state_code IS NULL OR p.state = state_code)
                 AND (segment_id IS NULL OR segment_id = ANY (p.segment_ids))
                 AND (sealed IS NULL OR coalesce(p.seal_until > now_at, false) = sealed)
               ORDER BY p.name_key, p.company_id
               LIMIT stop - cardinality(ids)
            ) h
           GROUP BY h.company_id, h.name_key, h.seal_until
           ORDER BY rank DESC, h.name_key, h.company_id
           LIMIT stop - cardinality(ids)
        ) x;
    ELSE
      SELECT * INTO spelled FROM directory_close_words(q, alternatives, candidates);
      IF spelled.kind = 'words' THEN
        -- The bound's parts, once per search: `need` the fewest of the search's trigrams a name's
        -- similarity can reach the threshold with; per spelling, null when the trigrams whose letters
        -- are in the spelling may already be enough, else the letters of the others as LIKE patterns
        -- (none: no name holding that spelling can reach it).
        grams := show_trgm(q);
        IF octet_length(q) <> length(q) OR cardinality(grams) = 0
           OR EXISTS (SELECT FROM unnest(grams) AS g(gram) WHERE btrim(g.gram) !~ '^[[:alnum:]]+$') THEN
          grams := NULL;
        END IF;
        cores := ARRAY(SELECT btrim(g.gram) FROM unnest(grams) AS g(gram));
        need := cardinality(grams) + 1;
        FOR i IN 0 .. coalesce(cardinality(grams), -1) LOOP
          IF i::real / cardinality(grams)::real >= spelled.share THEN
            need := i;
            EXIT;
          END IF;
        END LOOP;
        WITH f AS MATERIALIZED (
          SELECT s.word,
                 CASE WHEN grams IS NULL OR (SELECT count(*) FROM unnest(cores) AS c(core)
                                              WHERE strpos(s.word, c.core) > 0) >= need THEN NULL
                      ELSE ARRAY(SELECT '%' || c.core || '%' FROM unnest(cores) AS c(core)
                                  WHERE strpos(s.word, c.core) = 0)
                 END AS likes
            FROM unnest(spelled.words) AS s(word)
        )
        SELECT coalesce(array_agg(x.company_id ORDER BY x.rank DESC, x.name_key, x.company_id), '{}'),
               coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.rank DESC, x.name_key, x.company_id), '{}')
          INTO more_ids, more_seals
          FROM (
            SELECT y.company_id, y.name_key, y.seal_until, y.rank
              FROM (
                -- A name the bound sets aside has no rank (null: below every threshold). A name with
                -- a character outside ASCII is always ranked (pg_trgm hashes some of its trigrams).
                SELECT DISTINCT p.company_id, p.name_key, p.seal_until,
                       CASE WHEN f.likes IS NULL OR p.name_key LIKE ANY (f.likes)
                                 OR octet_length(p.name_key) <> length(p.name_key)
                            THEN word_similarity(q, p.name_key) END AS rank
                  FROM f JOIN directory_postings p ON p.word = f.word
                 WHERE strpos(p.name_key, needle) = 0
                   AND (type_id IS NULL OR p.business_type_id = type_id)
                   AND (state_code IS NULL OR p.state = state_code)
                   AND (segment_id IS NULL OR segment_id = ANY (p.segment_ids))
                   AND (sealed IS NULL OR coalesce(p.seal_until > now_at, false) = sealed)
              ) y
             WHERE y.rank >= spelled.share
             ORDER BY y.rank DESC, y.name_key, y.company_id
             LIMIT stop - cardinality(ids)
          ) x;
      ELSIF spelled.kind = 'similar' THEN
        SELECT coalesce(array_agg(x.company_id ORDER BY x.rank DESC, x.name_key, x.company_id), '{}'),
               coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.rank DESC, x.name_key, x.company_id), '{}')
          INTO more_ids, more_seals
          FROM (
            SELECT e.company_id, e.name_key, e.seal_until, word_similarity(q, e.name_key) AS rank
              FROM directory_entries e
             WHERE q <% e.name_key AND strpos(e.name_key, needle) = 0
               AND (type_id IS NULL OR e.business_type_id = type_id)
               AND (state_code IS NULL OR e.state = state_code)
               AND (segment_id IS NULL OR segment_id = ANY (e.segment_ids))
               AND (sealed IS NULL OR coalesce(e.seal_until > now_at, false) = sealed)
             ORDER BY rank DESC, e.name_key, e.company_id
             LIMIT stop - cardinality(ids)
          ) x;
      END IF;
    END IF;
    IF more_ids IS NOT NULL THEN
      ids := ids || more_ids;
      seals := seals || more_seals;
    END IF;
  END IF;

  page_ids := coalesce(ids[page_offset + 1 : stop], '{}');
  page_seals := coalesce(seals[page_offset + 1 : stop], '{}');
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_containing(needle text, word_hits integer, OUT path text, OUT words text[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_any boolean := false;
  entries bigint;
BEGIN
  SELECT true, d.entries, CASE WHEN d.entries <= word_hits THEN d.words END
    INTO found_any, entries, words
    FROM (
      SELECT p.run, p.n, p.n > 1 AS starts, p.n < p.runs AS ends
        FROM (
          SELECT s.run, s.n, count(*) OVER () AS runs
            FROM regexp_split_to_table(needle, '[^[:alnum:]]+') WITH ORDINALITY AS s(run, n)
        ) p
       WHERE p.run <> ''
    ) r
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(w.entries), 0) AS entries, array_agg(w.word) AS words
        FROM (SELECT DISTINCT t.word
                FROM directory_word_tails t
               WHERE (t.tail COLLATE "C") >= r.run AND (t.tail COLLATE "C") < r.run || chr(1114111)
                 AND (NOT r.ends OR t.tail = r.run) AND (NOT r.starts OR t.at = 1)) x
        JOIN directory_words w ON w.word = x.word
    ) d
   WHERE length(r.run) >= 3 OR r.starts OR r.ends
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
