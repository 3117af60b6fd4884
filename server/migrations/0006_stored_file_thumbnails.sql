ALTER TABLE "stored_files" ADD COLUMN "thumb_key" varchar(200);--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "thumb_size" integer;