CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"user_uuid" uuid,
	"user_name" varchar(150) DEFAULT '' NOT NULL,
	"action" varchar(16) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" varchar(64) NOT NULL,
	"target_name" varchar(200) DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_project_idx" ON "activities" USING btree ("project_uuid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_type_idx" ON "activities" USING btree ("project_uuid","target_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_target_idx" ON "activities" USING btree ("project_uuid","target_type","target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("project_uuid","user_uuid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING brin ("created_at");--> statement-breakpoint
-- The built-in administrator and report-administrator roles of existing projects read the history too.
UPDATE "roles" SET "permissions" = array_append("permissions", 'project.activity.view_activity')
  WHERE "builtin" IN ('admin', 'editor') AND "project_uuid" IS NOT NULL AND NOT ('project.activity.view_activity' = ANY("permissions"));
