-- Tier two of a search of several words (a brand and a word: "Danzevo Bloom") ranks every name
-- holding one of the spellings `directory_close_words` picks (up to `candidates`, 150 on average on
-- the kept 1,000,000 companies) by `word_similarity` to the whole search, ~8 µs a name: 1-2 ms of
-- the ~3 ms of server CPU such a search took, though a few names at most reach the threshold (a
-- name with the brand's spelling and none of the other word's letters cannot). Before a name is
-- ranked, a bound that costs a few LIKE tests now sets aside the names that cannot reach it.
--
-- The bound. `word_similarity(q, name)` is count / (n + m - count) (pg_trgm): n the search's distinct
-- trigrams, count those found in the best stretch of the name, m that stretch's distinct trigrams
-- (m >= count), so it is at most count / n, and count is at most the number of the search's
-- trigrams that are the name's. A trigram of the name is three characters of one of its words,
-- padded with blanks ("  b", " bl", "blo", "om "): its letters without the blanks are in the name
-- key. So for a name holding spelling s: the search's trigrams whose letters are in s (at most all of
-- them counted), plus those whose letters are in the name elsewhere, bound count. When the first
-- alone cannot reach the threshold (`need`, the fewest trigrams of n that do), the name must hold
-- the letters of at least one other trigram of the search: `name_key LIKE ANY` of those letters, per
-- spelling, checked before the similarity (~1 µs a name); names failing it cannot pass, names
-- passing it are ranked as before. The same names, ranks and order as before (only names below the
-- threshold are left unranked). A search with a character outside ASCII (pg_trgm hashes some of
-- those trigrams, so `show_trgm` does not spell them), and a name with one, are ranked in full.
-- Checked on the kept database against 0031's function: the same pages for 2,553 searches (brand
-- and word, misspelt brand and word, brand and kind in a state, whole names, page 3 of word and
-- kind, a brand and a fragment, short words, letters outside ASCII) and for 360 at thresholds
-- 0.3, 0.45 and 0.8.
--
-- The rest of `directory_search` (0031) is unchanged.
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
