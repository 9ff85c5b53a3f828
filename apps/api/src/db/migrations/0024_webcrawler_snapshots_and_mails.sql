CREATE TABLE "compliance_finding_snapshots" (
	"finding_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_check_mails" (
	"check_id" integer NOT NULL,
	"outbox_id" integer NOT NULL,
	CONSTRAINT "violation_check_mails_check_id_outbox_id_pk" PRIMARY KEY("check_id","outbox_id")
);
--> statement-breakpoint
ALTER TABLE "compliance_finding_snapshots" ADD CONSTRAINT "compliance_finding_snapshots_finding_id_compliance_findings_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."compliance_findings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_check_mails" ADD CONSTRAINT "violation_check_mails_check_id_violation_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."violation_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_check_mails" ADD CONSTRAINT "violation_check_mails_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_finding_snapshots_company" ON "compliance_finding_snapshots" USING btree ("company_id");