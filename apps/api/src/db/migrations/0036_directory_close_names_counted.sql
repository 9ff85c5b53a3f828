-- Tier two of a search of several words (0034) ranks a name holding one of the close spellings only
-- when it may reach the threshold: count / n (n the search's distinct trigrams, count those of them
-- the name holds) bounds its word similarity, and each trigram the name holds has its letters (the
-- trigram's "core", without the padding blanks) in the name key. A name holding spelling s holds
-- the cores s holds (`covered`); it can reach the threshold (`need` trigrams) only when it holds at
-- least need - covered of the other cores too. 0034 checked "at least one of them" (`LIKE ANY`),
-- which is that bound only when one more is needed (the spelling written as searched, "kalover" in
-- "kalover green"); a farther spelling ("jalover") needs two or more, and 0034 ranked every name of
-- it holding any one letter of the other word ("g"). On the kept 1,000,000 companies 75.5 names were
-- ranked per brand-and-word search (200 sampled; ~5-7 µs each, `word_similarity`), ~11 reach the
-- threshold; counted, 23.9.
--
-- Now a name of a spelling that needs more than one of the other cores is checked by counting them
-- (`directory_cores_held`, an SQL expression the planner inlines: up to 16 cores, one `strpos`
-- each, ~0.7 µs a name for 6 cores against ~0.3 for the LIKE ANY), and ranked only when it holds
-- enough; with more than 16 other cores (a long search) the LIKE ANY of 0034 stays. The same names
-- reach the same ranks as before: only names below the threshold are left unranked. The rest of
-- `directory_search` (0035) is unchanged.
CREATE FUNCTION directory_cores_held(name text, cores text[]) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ((strpos(name, cores[1]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[2]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[3]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[4]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[5]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[6]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[7]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[8]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[9]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[10]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[11]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[12]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[13]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[14]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[15]) > 0) IS TRUE)::integer
       + ((strpos(name, cores[16]) > 0) IS TRUE)::integer
$$;
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
        -- are in the spelling may already be enough, else the letters of the others (as LIKE
        -- patterns and as they are) and how many of them a name must hold (`more`).
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
                 CASE WHEN grams IS NULL OR k.covered >= need THEN NULL ELSE k.likes END AS likes,
                 k.others, need - k.covered AS more
            FROM unnest(spelled.words) AS s(word)
            CROSS JOIN LATERAL (
              SELECT count(*) FILTER (WHERE strpos(s.word, c.core) > 0) AS covered,
                     array_agg('%' || c.core || '%') FILTER (WHERE strpos(s.word, c.core) = 0) AS likes,
                     array_agg(c.core) FILTER (WHERE strpos(s.word, c.core) = 0) AS others
                FROM unnest(cores) AS c(core)
            ) k
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
                       CASE WHEN f.likes IS NULL OR octet_length(p.name_key) <> length(p.name_key)
                                 OR (CASE WHEN f.more <= 1 OR cardinality(f.others) > 16
                                          THEN p.name_key LIKE ANY (f.likes)
                                          ELSE directory_cores_held(p.name_key, f.others) >= f.more END)
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
