CREATE TABLE "directory_entries" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"business_type_id" integer,
	"state" text,
	"segment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"seal_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_entries" ADD CONSTRAINT "directory_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_entries_name_trgm" ON "directory_entries" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "directory_entries_by_name" ON "directory_entries" USING btree ("name_key","company_id","business_type_id","state","seal_until","segment_ids");--> statement-breakpoint
CREATE INDEX "directory_entries_by_newest" ON "directory_entries" USING btree ("created_at","company_id","business_type_id","state","seal_until","segment_ids");--> statement-breakpoint
CREATE INDEX "directory_entries_state_name" ON "directory_entries" USING btree ("state","name_key","company_id","business_type_id","seal_until","segment_ids");--> statement-breakpoint
CREATE INDEX "directory_entries_state_newest" ON "directory_entries" USING btree ("state","created_at","company_id","business_type_id","seal_until","segment_ids");--> statement-breakpoint
CREATE INDEX "directory_entries_type_name" ON "directory_entries" USING btree ("business_type_id","name_key","company_id","state","seal_until","segment_ids");--> statement-breakpoint
CREATE INDEX "directory_entries_type_newest" ON "directory_entries" USING btree ("business_type_id","created_at","company_id","state","seal_until","segment_ids");