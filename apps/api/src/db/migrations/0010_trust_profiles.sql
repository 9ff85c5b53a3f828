CREATE TABLE "seal_attestations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"token" text NOT NULL,
	"claims_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "trust_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"updated_by" integer,
	"seal_held_at" timestamp with time zone,
	"seal_hold_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "seal_attestations" ADD CONSTRAINT "seal_attestations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_profiles" ADD CONSTRAINT "trust_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_profiles" ADD CONSTRAINT "trust_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seal_attestations_company" ON "seal_attestations" USING btree ("company_id","expires_at");--> statement-breakpoint
CREATE INDEX "seal_attestations_revoked" ON "seal_attestations" USING btree ("expires_at") WHERE "seal_attestations"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "seal_attestations_live" ON "seal_attestations" USING btree ("expires_at") WHERE "seal_attestations"."revoked_at" is null;