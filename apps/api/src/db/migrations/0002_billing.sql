CREATE TABLE "billing_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"available_plan_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_frequency" text NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"price_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"trial_duration" integer,
	"trial_unit" text,
	"promo_id" integer,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"feature_type" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_menu_setting" boolean DEFAULT false NOT NULL,
	CONSTRAINT "features_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"billing_address_line1" text NOT NULL,
	"billing_address_line2" text,
	"billing_city" text NOT NULL,
	"billing_state" text NOT NULL,
	"billing_zip" text NOT NULL,
	"billing_country" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"subscription_id" integer,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"failure_message" text,
	"gateway_charge_id" text,
	"charge_key" text NOT NULL,
	"brand" text,
	"last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_charge_key_unique" UNIQUE("charge_key")
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"plan_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"include" boolean DEFAULT true NOT NULL,
	"client_threshold" integer,
	"status" text DEFAULT 'NON_INTERACTABLE' NOT NULL,
	"restriction" jsonb,
	CONSTRAINT "plan_features_plan_id_feature_id_pk" PRIMARY KEY("plan_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"region" text DEFAULT 'US' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"monthly_fee_cents" integer NOT NULL,
	"annual_fee_cents" integer NOT NULL,
	"promo_monthly_fee_cents" integer,
	"promo_annual_fee_cents" integer,
	"enable_cc_payment_monthly" boolean DEFAULT true NOT NULL,
	"enable_cc_payment_annually" boolean DEFAULT true NOT NULL,
	"enable_eft_payment_monthly" boolean DEFAULT false NOT NULL,
	"enable_eft_payment_annually" boolean DEFAULT false NOT NULL,
	"enable_skip_paywall" boolean DEFAULT false NOT NULL,
	"trial_duration" integer,
	"trial_unit" text,
	"detail_description" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_plans" (
	"promo_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"payment_frequency" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_amount_x100" integer NOT NULL,
	CONSTRAINT "promo_plans_promo_id_plan_id_payment_frequency_pk" PRIMARY KEY("promo_id","plan_id","payment_frequency")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"subscription_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"limit_usage" boolean DEFAULT false NOT NULL,
	"max_usage" integer,
	"total_usage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behavior" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_subscription_id_company_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."company_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_plans" ADD CONSTRAINT "promo_plans_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_plans" ADD CONSTRAINT "promo_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_subscription_id_company_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."company_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_subscriptions_company" ON "company_subscriptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_subscriptions_one_live" ON "company_subscriptions" USING btree ("company_id") WHERE "company_subscriptions"."status" in ('NEW', 'TRIAL', 'AVAILABLE', 'PAYMENT_FAILED');--> statement-breakpoint
CREATE INDEX "company_subscriptions_due" ON "company_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "payment_transactions_company" ON "payment_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_region" ON "plans" USING btree ("name","region");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_promo_company" ON "promo_redemptions" USING btree ("promo_id","company_id");