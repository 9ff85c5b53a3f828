-- Snapshot images a scan attempt writes are recorded here before each write; the attempt's end, the
-- scan's next attempt or the hourly removal job (once older than any attempt runs) moves each key to
-- a finding or to released_snapshot_keys, so an image of a worker that died is never left behind.
-- violation_checks.snapshots_pending marks a check whose snapshot pass has not ended yet.
CREATE TABLE "pending_snapshot_keys" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"scan_job_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "violation_checks" ADD COLUMN "snapshots_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pending_snapshot_keys_job" ON "pending_snapshot_keys" USING btree ("scan_job_id","attempt");--> statement-breakpoint
CREATE INDEX "pending_snapshot_keys_created" ON "pending_snapshot_keys" USING btree ("created_at");