CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_type_state" ON "companies" USING btree ("business_type_id","state");--> statement-breakpoint
CREATE INDEX "companies_created_at" ON "companies" USING btree ("created_at");