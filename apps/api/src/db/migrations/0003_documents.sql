CREATE TABLE "coa_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"version" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"view_key" text,
	"conversion_status" text DEFAULT 'PROCESSING' NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"reject_reason_id" integer,
	"review_comment" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"expiration_date" date,
	"license_number" text,
	"license_country" text,
	"license_state" text,
	"license_address" text,
	"validation_method" text,
	"business_type_id" integer,
	"rtq_required" boolean DEFAULT false NOT NULL,
	"state_license_status" text,
	"state_license_status_changed_at" timestamp with time zone,
	"uploaded_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_reminders" (
	"document_id" integer NOT NULL,
	"threshold" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reminders_document_id_threshold_pk" PRIMARY KEY("document_id","threshold")
);
--> statement-breakpoint
CREATE TABLE "document_reviewers" (
	"client_company_id" integer NOT NULL,
	"reviewer_company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reviewers_client_company_id_reviewer_company_id_pk" PRIMARY KEY("client_company_id","reviewer_company_id")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"license_check" boolean DEFAULT false NOT NULL,
	"certification_check" boolean DEFAULT false NOT NULL,
	"expiration_check" boolean DEFAULT false NOT NULL,
	"day_prior_notify" integer,
	"business_type_ids" integer[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason_name" text NOT NULL,
	"notification" text NOT NULL,
	"reason_type" text DEFAULT 'REJECT' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coa_uploads" ADD CONSTRAINT "coa_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coa_uploads" ADD CONSTRAINT "coa_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_reject_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("reject_reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_business_type_id_business_types_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_notes" ADD CONSTRAINT "document_notes_document_id_company_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."company_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_notes" ADD CONSTRAINT "document_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reminders" ADD CONSTRAINT "document_reminders_document_id_company_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."company_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reviewers" ADD CONSTRAINT "document_reviewers_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reviewers" ADD CONSTRAINT "document_reviewers_reviewer_company_id_companies_id_fk" FOREIGN KEY ("reviewer_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coa_uploads_company" ON "coa_uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_documents_version" ON "company_documents" USING btree ("company_id","document_type_id","version");--> statement-breakpoint
CREATE INDEX "company_documents_review" ON "company_documents" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "document_notes_document" ON "document_notes" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_reviewers_reviewer" ON "document_reviewers" USING btree ("reviewer_company_id");