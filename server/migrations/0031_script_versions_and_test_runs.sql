CREATE TABLE "script_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"script_id" integer NOT NULL,
	"version" integer NOT NULL,
	"state" varchar(16) DEFAULT 'running' NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "script_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"script_id" integer NOT NULL,
	"n" integer NOT NULL,
	"file_id" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "script_versions_script_n_unique" UNIQUE("script_id","n")
);
--> statement-breakpoint
ALTER TABLE "task_instances" ADD COLUMN "script_version" integer;--> statement-breakpoint
ALTER TABLE "script_test_runs" ADD CONSTRAINT "script_test_runs_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_test_runs" ADD CONSTRAINT "script_test_runs_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_test_runs" ADD CONSTRAINT "script_test_runs_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_versions" ADD CONSTRAINT "script_versions_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_versions" ADD CONSTRAINT "script_versions_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_versions" ADD CONSTRAINT "script_versions_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "script_test_runs_project_state_idx" ON "script_test_runs" USING btree ("project_uuid","state");--> statement-breakpoint
CREATE INDEX "script_versions_file_idx" ON "script_versions" USING btree ("file_id");--> statement-breakpoint
-- Every existing script's file becomes its version 1.
INSERT INTO "script_versions" ("script_id", "n", "file_id", "size", "created_at")
SELECT s."id", 1, s."file_id", f."size", s."updated_at" FROM "scripts" s JOIN "stored_files" f ON f."id" = s."file_id";
