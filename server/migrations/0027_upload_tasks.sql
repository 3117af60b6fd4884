CREATE TABLE "upload_chunks" (
	"task_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	CONSTRAINT "upload_chunks_task_id_chunk_pk" PRIMARY KEY("task_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "upload_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"task_id" varchar(64) NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"project_uuid" uuid,
	"name" varchar(255) NOT NULL,
	"total_chunks" integer NOT NULL,
	"total_size" bigint NOT NULL,
	"completing_since" timestamp with time zone,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_tasks_user_task_unique" UNIQUE("user_uuid","task_id")
);
--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_task_id_upload_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."upload_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tasks" ADD CONSTRAINT "upload_tasks_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tasks" ADD CONSTRAINT "upload_tasks_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tasks" ADD CONSTRAINT "upload_tasks_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_chunks_key_idx" ON "upload_chunks" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "upload_tasks_touched_idx" ON "upload_tasks" USING btree ("touched_at");