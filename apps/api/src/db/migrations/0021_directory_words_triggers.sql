-- The dictionary of the listed names' words (directory_words, migration 0020) follows
-- directory_entries: each word with the number of entries whose name uses it, gone with its last
-- entry. A search word that matches no name is first matched against these words (pg_trgm word
-- similarity on a small table), and the names are then searched for the words it reads like.
--
-- The words of a lower-cased name: its runs of letters and digits, each once. Built-in functions
-- only, as an index expression must (an index is built with an empty search path).
CREATE FUNCTION directory_words_array(name_key text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT word), '{}')
    FROM regexp_split_to_table(name_key, '[^[:alnum:]]+') AS word WHERE word <> '';
$$;
--> statement-breakpoint
CREATE FUNCTION directory_words_of(name_key text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT unnest(directory_words_array(name_key));
$$;
--> statement-breakpoint
-- The names holding any of a few listed words (`directory_words_array(name_key) && array[…]`): one
-- short posting list per word, where a substring search reads the lists of each word's trigrams.
CREATE INDEX directory_entries_words ON directory_entries USING gin (directory_words_array(name_key));
--> statement-breakpoint
-- Counts the words of the names gained and lost (the same entry may be in both), removing a word
-- no entry uses any more. Words are counted in order, so two writers lock shared words alike.
CREATE FUNCTION directory_words_count(gained text[], lost text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH change AS (
    SELECT word, sum(delta)::integer AS delta
      FROM (SELECT directory_words_of(k) AS word, 1 AS delta FROM unnest(gained) AS k
            UNION ALL
            SELECT directory_words_of(k), -1 FROM unnest(lost) AS k) AS each_word
     GROUP BY word
    HAVING sum(delta) <> 0
  ), counted AS (
    INSERT INTO directory_words AS d (word, entries)
    SELECT word, delta FROM change ORDER BY word
    ON CONFLICT (word) DO UPDATE SET entries = d.entries + excluded.entries
    RETURNING d.word, d.entries
  )
  SELECT array_agg(word) INTO gone FROM counted WHERE entries <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM directory_words WHERE word = ANY (gone) AND entries <= 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- Once per statement on directory_entries, from its transition tables: a bulk rebuild of the
-- entries counts its words in one pass, and an update that keeps the name changes nothing.
CREATE FUNCTION directory_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM directory_words_count(ARRAY(SELECT name_key FROM gained_entries), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM directory_words_count('{}', ARRAY(SELECT name_key FROM lost_entries));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM directory_words_count(
      ARRAY(SELECT n.name_key FROM gained_entries n JOIN lost_entries o USING (company_id)
             WHERE n.name_key <> o.name_key),
      ARRAY(SELECT o.name_key FROM gained_entries n JOIN lost_entries o USING (company_id)
             WHERE n.name_key <> o.name_key));
  ELSE
    DELETE FROM directory_words;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_words_insert AFTER INSERT ON directory_entries
  REFERENCING NEW TABLE AS gained_entries FOR EACH STATEMENT EXECUTE FUNCTION directory_words_follow();
--> statement-breakpoint
CREATE TRIGGER directory_words_update AFTER UPDATE ON directory_entries
  REFERENCING OLD TABLE AS lost_entries NEW TABLE AS gained_entries
  FOR EACH STATEMENT EXECUTE FUNCTION directory_words_follow();
--> statement-breakpoint
CREATE TRIGGER directory_words_delete AFTER DELETE ON directory_entries
  REFERENCING OLD TABLE AS lost_entries FOR EACH STATEMENT EXECUTE FUNCTION directory_words_follow();
--> statement-breakpoint
CREATE TRIGGER directory_words_truncate AFTER TRUNCATE ON directory_entries
  FOR EACH STATEMENT EXECUTE FUNCTION directory_words_follow();
--> statement-breakpoint
-- Every entry's words at once, set-based (this migration's backfill, and a bulk load's that ran
-- without triggers).
CREATE FUNCTION directory_words_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM directory_words;
  INSERT INTO directory_words (word, entries)
  SELECT word, count(*) FROM directory_entries, directory_words_of(name_key) AS word GROUP BY word;
$$;
--> statement-breakpoint
SELECT directory_words_rebuild();
