CREATE TABLE "directory_words" (
	"word" text PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "directory_words_trgm" ON "directory_words" USING gin ("word" gin_trgm_ops);