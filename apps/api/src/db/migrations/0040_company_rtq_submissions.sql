CREATE TABLE "company_rtq_submissions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_rtq_submissions" ADD CONSTRAINT "company_rtq_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_rtq_submissions" ADD CONSTRAINT "company_rtq_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;