CREATE TABLE "released_snapshot_keys" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every statement that removes snapshot rows (a finding, a check or a company deleted, directly or
-- through the cascades) records their image keys; the webcrawler.remove-released-snapshots job
-- removes the bytes from Storage. A key another row still uses (findings of one sentence share an
-- image) is kept by the job.
CREATE FUNCTION release_snapshot_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO released_snapshot_keys (storage_key)
    SELECT DISTINCT storage_key FROM gone
    ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER compliance_finding_snapshots_release
  AFTER DELETE ON compliance_finding_snapshots
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION release_snapshot_keys();
