-- What a directory page shows (`directory_shown`, 0025) was read from three tables per company:
-- companies, trust_profiles (the slug) and business_types, two B-tree probes of a million-row table
-- and one of a small one for each of a page's 21 rows: ~0.5 ms of server CPU of every page, about
-- half of a search by a brand (bench/RESULTS.md). `directory_cards` holds, per listed company, the
-- columns a page shows (the business type by id, its name read from the small table), so a page
-- probes one million-row table per row. Kept where directory_entries is kept: `directory_entry_refresh`
-- (0019), called by the row triggers on companies, trust_profiles, company_onboarding and
-- seal_attestations, now also writes the card; the companies trigger follows the city and country
-- as well, the trust_profiles one the slug; `directory_entries_rebuild()` (a bulk load's) rebuilds
-- the cards too.
CREATE TABLE "directory_cards" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"business_type_id" integer,
	"city" text,
	"state" text,
	"country" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_cards" ADD CONSTRAINT "directory_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_entry_refresh(target integer) RETURNS void LANGUAGE plpgsql AS $$
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
  DELETE FROM directory_cards d
   WHERE d.company_id = target
     AND NOT EXISTS (SELECT 1 FROM trust_profiles p WHERE p.company_id = target AND p.published);
  INSERT INTO directory_cards AS d
         (company_id, name, slug, business_type_id, city, state, country, created_at)
  SELECT c.id, c.name, p.slug, c.business_type_id, c.city, c.state, c.country, c.created_at
    FROM companies c
    JOIN trust_profiles p ON p.company_id = c.id AND p.published
   WHERE c.id = target
  ON CONFLICT (company_id) DO UPDATE
     SET name = excluded.name, slug = excluded.slug, business_type_id = excluded.business_type_id,
         city = excluded.city, state = excluded.state, country = excluded.country,
         created_at = excluded.created_at
   WHERE (d.name, d.slug, d.business_type_id, d.city, d.state, d.country, d.created_at)
         IS DISTINCT FROM (excluded.name, excluded.slug, excluded.business_type_id, excluded.city,
                           excluded.state, excluded.country, excluded.created_at);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_entries_rebuild() RETURNS void LANGUAGE sql AS $$
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
  DELETE FROM directory_cards;
  INSERT INTO directory_cards (company_id, name, slug, business_type_id, city, state, country, created_at)
  SELECT c.id, c.name, p.slug, c.business_type_id, c.city, c.state, c.country, c.created_at
    FROM companies c
    JOIN trust_profiles p ON p.company_id = c.id AND p.published;
$$;
--> statement-breakpoint
DROP TRIGGER directory_entries_company ON companies;
--> statement-breakpoint
CREATE TRIGGER directory_entries_company AFTER UPDATE OF name, business_type_id, city, state, country, created_at
  ON companies FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
DROP TRIGGER directory_entries_profile ON trust_profiles;
--> statement-breakpoint
CREATE TRIGGER directory_entries_profile AFTER INSERT OR DELETE OR UPDATE OF published, company_id, slug
  ON trust_profiles FOR EACH ROW EXECUTE FUNCTION directory_entries_follow();
--> statement-breakpoint
-- The cards of the companies listed now (this migration's backfill).
INSERT INTO directory_cards (company_id, name, slug, business_type_id, city, state, country, created_at)
SELECT c.id, c.name, p.slug, c.business_type_id, c.city, c.state, c.country, c.created_at
  FROM directory_entries e
  JOIN companies c ON c.id = e.company_id
  JOIN trust_profiles p ON p.company_id = e.company_id
 ORDER BY c.id;
--> statement-breakpoint
-- Same columns, same order, same rows (every id a page holds is a listed company's).
CREATE OR REPLACE FUNCTION directory_shown(ids integer[], seals boolean[])
  RETURNS TABLE (id integer, name text, slug text, "businessType" text, city text, state text,
                 country text, "createdAt" text, "hasSeal" boolean)
  LANGUAGE sql STABLE
  SET plan_cache_mode = force_generic_plan
AS $$
  SELECT d.company_id, d.name, d.slug, b.name, d.city, d.state, d.country,
         to_json(d.created_at) #>> '{}', coalesce(s.seal, false)
    FROM unnest(ids, seals) WITH ORDINALITY AS s(id, seal, n)
    JOIN directory_cards d ON d.company_id = s.id
    LEFT JOIN business_types b ON b.id = d.business_type_id
   ORDER BY s.n;
$$;
