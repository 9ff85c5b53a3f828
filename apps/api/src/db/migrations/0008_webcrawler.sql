CREATE TABLE "compliance_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"description" text NOT NULL,
	"page_url" text NOT NULL,
	"image_url" text,
	"is_in_video" boolean NOT NULL,
	"start_time" double precision,
	"video_url" text,
	"evidence" text NOT NULL,
	"category" text NOT NULL,
	"term" text NOT NULL,
	"severity" text NOT NULL,
	"violation_type" text NOT NULL,
	"rule_ref" text NOT NULL,
	"hint" text NOT NULL,
	"is_compliant" boolean DEFAULT false NOT NULL,
	"is_reviewed" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"site_key" text NOT NULL,
	"options" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_queued" integer DEFAULT 0 NOT NULL,
	"violation_check_id" integer,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"website_id" integer,
	"is_rescan" boolean DEFAULT false NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "violation_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"scan_job_id" uuid NOT NULL,
	"url" text NOT NULL,
	"site_key" text NOT NULL,
	"check_time" timestamp with time zone NOT NULL,
	"pages_scanned" integer NOT NULL,
	"product_verification" jsonb NOT NULL,
	"previous_check_id" integer,
	"resolved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_checks_scan_job_id_unique" UNIQUE("scan_job_id")
);
--> statement-breakpoint
CREATE TABLE "webcrawler_websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"url" text NOT NULL,
	"site_key" text NOT NULL,
	"rescan_enabled" boolean DEFAULT true NOT NULL,
	"next_scan_at" timestamp with time zone,
	"last_scan_at" timestamp with time zone,
	"last_violation_check_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_findings" ADD CONSTRAINT "compliance_findings_check_id_violation_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."violation_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_website_id_webcrawler_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."webcrawler_websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_checks" ADD CONSTRAINT "violation_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webcrawler_websites" ADD CONSTRAINT "webcrawler_websites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_findings_check_position" ON "compliance_findings" USING btree ("check_id","position");--> statement-breakpoint
CREATE INDEX "compliance_findings_company_image" ON "compliance_findings" USING btree ("company_id","image_url");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_name" ON "products" USING btree ("company_id","name_key");--> statement-breakpoint
CREATE INDEX "scan_jobs_company_created" ON "scan_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "violation_checks_company_site" ON "violation_checks" USING btree ("company_id","site_key","check_time");--> statement-breakpoint
CREATE UNIQUE INDEX "webcrawler_websites_company_site" ON "webcrawler_websites" USING btree ("company_id","site_key");--> statement-breakpoint
CREATE INDEX "webcrawler_websites_due" ON "webcrawler_websites" USING btree ("next_scan_at");