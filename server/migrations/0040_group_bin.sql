DROP INDEX "library_bin_list_idx";--> statement-breakpoint
ALTER TABLE "library_bin" ADD COLUMN "target" varchar(8) DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_bin" ADD COLUMN "item_ids" integer[];--> statement-breakpoint
CREATE INDEX "library_bin_list_idx" ON "library_bin" USING btree ("project_uuid","kind","target","deleted_at","id");