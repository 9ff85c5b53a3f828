-- The directory's read model (directory_entries, migration 0018) follows its four sources: a listed
-- company (a published trust profile) has one row with its name, business type, state, segments and
-- the latest expiry among its unrevoked seals; any other company has none.
CREATE FUNCTION directory_entry_refresh(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM directory_entries e
   WHERE e.company_id = target
     AND NOT EXISTS (SELECT 1 FROM trust_profiles p WHERE p.company_id = target AND p.published);
  INSERT INTO directory_entries AS e
         (company_id, name, name_key, business_type_id, state, segment_ids, seal_until, created_at)
  SELECT c.id, c.name, lower(c.name), c.business_type_id, c.state, coalesce(o.segment_ids, '{}'),
         (SELECT max(s.expires_at) FROM seal_attestations s
           WHERE s.company_id = c.id AND s.revoked_at IS NULL),
         c.created_at
    FROM companies c
    JOIN trust_profiles p ON p.company_id = c.id AND p.published
    LEFT JOIN company_onboarding o ON o.company_id = c.id
   WHERE c.id = target
  ON CONFLICT (company_id) DO UPDATE
     SET name = excluded.name, name_key = excluded.name_key,
         business_type_id = excluded.business_type_id, state = excluded.state,
         segment_ids = excluded.segment_ids, seal_until = excluded.seal_until,
         created_at = excluded.created_at
   WHERE (e.name, e.business_type_id, e.state, e.segment_ids, e.seal_until, e.created_at)
         IS DISTINCT FROM (excluded.name, excluded.business_type_id, excluded.state,
                           excluded.segment_ids, excluded.seal_until, excluded.created_at);
END;
$$;
--> statement-breakpoint
-- Every listed company at once, set-based (this migration's backfill, and a bulk load's).
CREATE FUNCTION directory_entries_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM directory_entries;
  INSERT INTO directory_entries
         (company_id, name, name_key, business_type_id, state, segment_ids, seal_until, created_at)
  SELECT c.id, c.name, lower(c.name), c.business_type_id, c.state, coalesce(o.segment_ids, '{}'),
         s.seal_until, c.created_at
    FROM companies c
    JOIN trust_profiles p ON p.company_id = c.id AND p.published
    LEFT JOIN company_onboarding o ON o.company_id = c.id
    LEFT JOIN (SELECT company_id, max(expires_at) AS seal_until FROM seal_attestations
                WHERE revoked_at IS NULL GROUP BY company_id) s ON s.company_id = c.id;
$$;
--> statement-breakpoint
CREATE FUNCTION directory_entries_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM directory_entry_refresh(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM directory_entry_refresh(OLD.company_id);
  ELSE
    PERFORM directory_entry_refresh(NEW.company_id);
    IF TG_OP = 'UPDATE' AND OLD.company_id <> NEW.company_id THEN
      PERFORM directory_entry_refresh(OLD.company_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_entries_company AFTER UPDATE OF name, business_type_id, state, created_at
  ON companies FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
CREATE TRIGGER directory_entries_profile AFTER INSERT OR DELETE OR UPDATE OF published, company_id
  ON trust_profiles FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
CREATE TRIGGER directory_entries_onboarding AFTER INSERT OR DELETE OR UPDATE OF segment_ids, company_id
  ON company_onboarding FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
CREATE TRIGGER directory_entries_seal AFTER INSERT OR DELETE OR UPDATE OF revoked_at, expires_at, company_id
  ON seal_attestations FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
-- A finer histogram of the names, so the planner tells a common word (walk the name order) from a
-- rare one (the trigram index) when it estimates a substring search.
ALTER TABLE directory_entries ALTER COLUMN name_key SET STATISTICS 1000;
--> statement-breakpoint
SELECT directory_entries_rebuild();
