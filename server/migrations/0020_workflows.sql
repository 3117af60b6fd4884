CREATE TABLE "dag_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"dag_run_id" varchar(250) NOT NULL,
	"run_type" varchar(20) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"external_trigger" boolean DEFAULT true NOT NULL,
	"conf" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logical_date" timestamp with time zone NOT NULL,
	"data_interval_start" timestamp with time zone,
	"data_interval_end" timestamp with time zone,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"triggered_by" uuid,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "dag_runs_workflow_run_id_unique" UNIQUE("workflow_id","dag_run_id"),
	CONSTRAINT "dag_runs_workflow_type_logical_unique" UNIQUE("workflow_id","run_type","logical_date")
);
--> statement-breakpoint
CREATE TABLE "task_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"dag_run_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"task_id" varchar(100) NOT NULL,
	"state" varchar(20) DEFAULT 'none' NOT NULL,
	"try_number" integer DEFAULT 0 NOT NULL,
	"max_tries" integer DEFAULT 1 NOT NULL,
	"operator" varchar(32) NOT NULL,
	"pool" varchar(64) NOT NULL,
	"queue" varchar(64) NOT NULL,
	"execution_date" timestamp with time zone NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"duration" double precision,
	"heartbeat_at" timestamp with time zone,
	"hostname" varchar(255) DEFAULT '' NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"log" text DEFAULT '' NOT NULL,
	CONSTRAINT "task_instances_run_task_unique" UNIQUE("dag_run_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"source_task_id" integer NOT NULL,
	"target_task_id" integer NOT NULL,
	"source_param" varchar(64) DEFAULT '' NOT NULL,
	"target_param" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"operator" varchar(32) NOT NULL,
	"script_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retries" integer,
	"timeout" integer DEFAULT 3600 NOT NULL,
	"pool" varchar(64) DEFAULT 'default_pool' NOT NULL,
	"queue" varchar(64) DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_tasks_workflow_name_unique" UNIQUE("workflow_id","name")
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"revision" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_versions_workflow_version_unique" UNIQUE("workflow_id","version")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"schedule" varchar(100) DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"catchup" boolean DEFAULT true NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"max_active_tasks" integer DEFAULT 16 NOT NULL,
	"max_active_runs" integer DEFAULT 16 NOT NULL,
	"owner" varchar(100) DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"retry_delay" integer DEFAULT 300 NOT NULL,
	"depends_on_past" boolean DEFAULT false NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"email_on_retry" boolean DEFAULT false NOT NULL,
	"email_on_failure" boolean DEFAULT false NOT NULL,
	"is_valid_dag" boolean DEFAULT false NOT NULL,
	"version_id" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"next_dagrun" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_project_name_unique" UNIQUE("project_uuid","name")
);
--> statement-breakpoint
ALTER TABLE "dag_runs" ADD CONSTRAINT "dag_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dag_runs" ADD CONSTRAINT "dag_runs_version_id_workflow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dag_runs" ADD CONSTRAINT "dag_runs_triggered_by_users_uuid_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_instances" ADD CONSTRAINT "task_instances_dag_run_id_dag_runs_id_fk" FOREIGN KEY ("dag_run_id") REFERENCES "public"."dag_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_links" ADD CONSTRAINT "workflow_links_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_links" ADD CONSTRAINT "workflow_links_source_task_id_workflow_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."workflow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_links" ADD CONSTRAINT "workflow_links_target_task_id_workflow_tasks_id_fk" FOREIGN KEY ("target_task_id") REFERENCES "public"."workflow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_versions" ADD CONSTRAINT "workflow_versions_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dag_runs_workflow_state_idx" ON "dag_runs" USING btree ("workflow_id","state");--> statement-breakpoint
CREATE INDEX "task_instances_workflow_state_idx" ON "task_instances" USING btree ("workflow_id","state");--> statement-breakpoint
CREATE INDEX "task_instances_heartbeat_idx" ON "task_instances" USING btree ("state","heartbeat_at");--> statement-breakpoint
CREATE INDEX "workflow_links_workflow_idx" ON "workflow_links" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_links_target_idx" ON "workflow_links" USING btree ("target_task_id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_script_idx" ON "workflow_tasks" USING btree ("script_id");--> statement-breakpoint
CREATE INDEX "workflows_next_dagrun_idx" ON "workflows" USING btree ("next_dagrun");--> statement-breakpoint
-- Project administrators of existing projects get the new workflow permissions, as new projects' do (builtin-roles.ts).
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['airflow.workflow.view_workflow','airflow.workflow.create_workflow','airflow.workflow.edit_workflow','airflow.workflow.delete_workflow','airflow.dagrun.view_dagrun','airflow.dagrun.create_dagrun','airflow.dagrun.edit_dagrun','airflow.dagrun.delete_dagrun']::text[] WHERE "builtin" = 'admin' AND "project_uuid" IS NOT NULL AND NOT ('airflow.workflow.view_workflow' = ANY("permissions"));--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['airflow.workflow.view_workflow','airflow.dagrun.view_dagrun']::text[] WHERE "builtin" IN ('editor', 'visitor') AND "project_uuid" IS NOT NULL AND NOT ('airflow.workflow.view_workflow' = ANY("permissions"));
