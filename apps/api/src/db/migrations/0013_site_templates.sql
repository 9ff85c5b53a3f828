CREATE TABLE "site_template_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"element_name" text NOT NULL,
	"element_type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"use_text_override" boolean DEFAULT false NOT NULL,
	"text_override" text,
	"phrase" text NOT NULL,
	"image_key" text
);
--> statement-breakpoint
CREATE TABLE "site_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"parent_id" integer,
	"company_id" integer,
	"domain" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_template_elements" ADD CONSTRAINT "site_template_elements_template_id_site_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."site_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_template_elements" ADD CONSTRAINT "site_template_elements_image_key_files_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_templates" ADD CONSTRAINT "site_templates_parent_id_site_templates_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_templates" ADD CONSTRAINT "site_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_templates" ADD CONSTRAINT "site_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_template_elements_name" ON "site_template_elements" USING btree ("template_id","element_name");--> statement-breakpoint
CREATE UNIQUE INDEX "site_templates_one_draft" ON "site_templates" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_templates_company" ON "site_templates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_templates_domain" ON "site_templates" USING btree ("domain");