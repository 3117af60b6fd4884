CREATE TABLE "library_bin" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"batch" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"group_id" integer,
	"group_name" varchar(50),
	"label_ids" integer[] NOT NULL,
	"item" jsonb NOT NULL,
	"result" jsonb,
	"file_id" integer,
	"cover_file_id" integer,
	"deleted_by" uuid,
	"deleted_by_name" varchar(150) NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_bin" ADD CONSTRAINT "library_bin_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_bin" ADD CONSTRAINT "library_bin_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_bin" ADD CONSTRAINT "library_bin_cover_file_id_stored_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_bin" ADD CONSTRAINT "library_bin_deleted_by_users_uuid_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_bin_list_idx" ON "library_bin" USING btree ("project_uuid","kind","deleted_at","id");--> statement-breakpoint
CREATE INDEX "library_bin_batch_idx" ON "library_bin" USING btree ("project_uuid","batch");--> statement-breakpoint
CREATE INDEX "library_bin_swept_idx" ON "library_bin" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "library_bin_file_idx" ON "library_bin" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "library_bin_cover_idx" ON "library_bin" USING btree ("cover_file_id");