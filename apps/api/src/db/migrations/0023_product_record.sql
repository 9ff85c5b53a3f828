ALTER TABLE "products" ADD COLUMN "metrc_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sample_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lot_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "batch_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "received_product_at" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expire_date" date;