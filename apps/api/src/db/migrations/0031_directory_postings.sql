-- The directory's search reads its first page from lists kept in rank order, where it read the
-- words index (GIN, one unordered posting list per word), the entries' heap and ranked thousands of
-- names on every search. `directory_postings` holds one row per word of each listed name (the
-- words of `directory_words_array(name_key)`) with the name key, the company and the filters; its
-- B-tree on (word, name_key, company_id), carrying the filters, is one list per word in the order a
-- page shows names containing the search (by name). A page of a word is the first rows of its list,
-- read from the index alone; the names holding any of a few words are the first rows of each list,
-- merged. Kept by statement triggers on directory_entries, as the dictionary is (0021).
CREATE TABLE "directory_postings" (
	"word" text NOT NULL,
	"name_key" text NOT NULL,
	"company_id" integer NOT NULL,
	"business_type_id" integer,
	"state" text,
	"segment_ids" integer[] NOT NULL,
	"seal_until" timestamp with time zone,
	CONSTRAINT "directory_postings_word_name_key_company_id_pk" PRIMARY KEY("word","name_key","company_id")
		INCLUDE ("business_type_id", "state", "seal_until", "segment_ids")
);
--> statement-breakpoint
-- The rows of one company, for the triggers that replace them.
CREATE INDEX "directory_postings_company" ON "directory_postings" USING btree ("company_id");
--> statement-breakpoint
-- Once per statement on directory_entries, from its transition tables: an entry's rows go with it,
-- and are written anew when a column they carry changes (a seal, a rename, a move).
CREATE FUNCTION directory_postings_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO directory_postings (word, name_key, company_id, business_type_id, state, segment_ids, seal_until)
    SELECT w.word, n.name_key, n.company_id, n.business_type_id, n.state, n.segment_ids, n.seal_until
      FROM gained_entries n, unnest(directory_words_array(n.name_key)) AS w(word);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM directory_postings p USING lost_entries o WHERE p.company_id = o.company_id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM directory_postings p
     USING lost_entries o JOIN gained_entries n USING (company_id)
     WHERE p.company_id = o.company_id
       AND (n.name_key, n.business_type_id, n.state, n.segment_ids, n.seal_until)
           IS DISTINCT FROM (o.name_key, o.business_type_id, o.state, o.segment_ids, o.seal_until);
    INSERT INTO directory_postings (word, name_key, company_id, business_type_id, state, segment_ids, seal_until)
    SELECT w.word, n.name_key, n.company_id, n.business_type_id, n.state, n.segment_ids, n.seal_until
      FROM gained_entries n JOIN lost_entries o USING (company_id),
           unnest(directory_words_array(n.name_key)) AS w(word)
     WHERE (n.name_key, n.business_type_id, n.state, n.segment_ids, n.seal_until)
           IS DISTINCT FROM (o.name_key, o.business_type_id, o.state, o.segment_ids, o.seal_until);
  ELSE
    DELETE FROM directory_postings;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_postings_insert AFTER INSERT ON directory_entries
  REFERENCING NEW TABLE AS gained_entries FOR EACH STATEMENT EXECUTE FUNCTION directory_postings_follow();
--> statement-breakpoint
CREATE TRIGGER directory_postings_update AFTER UPDATE ON directory_entries
  REFERENCING OLD TABLE AS lost_entries NEW TABLE AS gained_entries
  FOR EACH STATEMENT EXECUTE FUNCTION directory_postings_follow();
--> statement-breakpoint
CREATE TRIGGER directory_postings_delete AFTER DELETE ON directory_entries
  REFERENCING OLD TABLE AS lost_entries FOR EACH STATEMENT EXECUTE FUNCTION directory_postings_follow();
--> statement-breakpoint
CREATE TRIGGER directory_postings_truncate AFTER TRUNCATE ON directory_entries
  FOR EACH STATEMENT EXECUTE FUNCTION directory_postings_follow();
--> statement-breakpoint
-- Every entry's rows at once, set-based (this migration's backfill, and a bulk load's that ran
-- without triggers).
CREATE FUNCTION directory_postings_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM directory_postings;
  INSERT INTO directory_postings (word, name_key, company_id, business_type_id, state, segment_ids, seal_until)
  SELECT w.word, e.name_key, e.company_id, e.business_type_id, e.state, e.segment_ids, e.seal_until
    FROM directory_entries e, unnest(directory_words_array(e.name_key)) AS w(word)
   ORDER BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT directory_postings_rebuild();
--> statement-breakpoint
-- A page of a search by relevance, as the page's company ids and whether each holds a live seal at
-- `now_at` (for `directory_shown`). Relevance is two tiers, as before: the names containing the search
-- (lower-cased), by name; then the names reading like it, closest first. Filters left null filter
-- nothing; `sealed` null is either. One call of a plpgsql function: only the way a search takes is
-- run, and each of its queries is planned once per connection (generic plans: a custom plan of each
-- query on every call cost more than running it).
--
-- Tier one. Each word of the search is placed inside a name's word by what stands beside it (0029:
-- between two separators a whole word, after one a word's start, before one its end, alone anywhere
-- in a word); the dictionary gives each the listed words it fits and how many names use them, and
-- the one with the fewest names decides. None: no name contains the search. Up to `word_hits` names
-- or up to `list_words` words: the first names of each word's list that contain the whole search
-- (read in name order, each list only as far as the page needs), merged. Otherwise (a word of two
-- letters inside words, a fragment such as "sol" in thousands of brands): the name index is walked
-- in name order, where such names are dense.
--
-- Tier two, only when tier one does not fill the page. A search of one word (three letters or
-- more): its close spellings in the dictionary (`<%`, the trigram index, at most `alternatives`,
-- closest first), then the first names of each spelling's list that do not contain the search,
-- ranked by how closely their spelling reads like the search, then by name. Otherwise the
-- spellings `directory_close_words` picks (0028), the names holding them read from their lists and
-- ranked by word similarity to the whole search (at or above the threshold), closest first; or,
-- for a search of short words, the names by `<%` on the trigram index.
CREATE FUNCTION directory_search(q text, type_id integer, state_code text, segment_id integer,
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
        SELECT coalesce(array_agg(x.company_id ORDER BY x.rank DESC, x.name_key, x.company_id), '{}'),
               coalesce(array_agg(coalesce(x.seal_until > now_at, false) ORDER BY x.rank DESC, x.name_key, x.company_id), '{}')
          INTO more_ids, more_seals
          FROM (
            SELECT y.company_id, y.name_key, y.seal_until, y.rank
              FROM (
                SELECT DISTINCT p.company_id, p.name_key, p.seal_until, word_similarity(q, p.name_key) AS rank
                  FROM directory_postings p
                 WHERE p.word = ANY (spelled.words) AND strpos(p.name_key, needle) = 0
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
