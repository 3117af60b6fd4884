CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_uuid" uuid NOT NULL,
	"project_uuid" uuid,
	"storage_key" varchar(200) NOT NULL,
	"name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"transcode" varchar(16) DEFAULT 'none' NOT NULL,
	"pdf_key" varchar(200),
	"pdf_size" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_organization_uuid_organizations_uuid_fk" FOREIGN KEY ("organization_uuid") REFERENCES "public"."organizations"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_sha_idx" ON "stored_files" USING btree ("organization_uuid","sha256");--> statement-breakpoint
CREATE INDEX "stored_files_key_idx" ON "stored_files" USING btree ("storage_key");