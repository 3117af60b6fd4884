CREATE TABLE "generation_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"level" smallint NOT NULL,
	"dimension_label_id" integer,
	"dimension_name" varchar(50) NOT NULL,
	"report_type_label_id" integer,
	"report_type_name" varchar(50) NOT NULL,
	"report_group_id" integer,
	"requested_by" uuid,
	"create_user" varchar(150) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "generation_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"path" text[] NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"error" text,
	"report_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_regions_job_position_unique" UNIQUE("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "result_reports" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"region" text[] NOT NULL,
	"region_keys" text[] NOT NULL,
	"level" smallint NOT NULL,
	"dimension_label_id" integer,
	"indicators_met" integer NOT NULL,
	"indicators_total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_dimension_label_id_labels_id_fk" FOREIGN KEY ("dimension_label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_report_type_label_id_labels_id_fk" FOREIGN KEY ("report_type_label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_report_group_id_library_groups_id_fk" FOREIGN KEY ("report_group_id") REFERENCES "public"."library_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_requested_by_users_uuid_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_regions" ADD CONSTRAINT "generation_regions_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_regions" ADD CONSTRAINT "generation_regions_report_id_library_items_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."library_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_dimension_label_id_labels_id_fk" FOREIGN KEY ("dimension_label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_project_idx" ON "generation_jobs" USING btree ("project_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "result_reports_list_idx" ON "result_reports" USING btree ("project_uuid","created_at","item_id");--> statement-breakpoint
CREATE INDEX "result_reports_dimension_idx" ON "result_reports" USING btree ("project_uuid","dimension_label_id","created_at","item_id");--> statement-breakpoint
CREATE INDEX "result_reports_region_keys_idx" ON "result_reports" USING gin ("region_keys");