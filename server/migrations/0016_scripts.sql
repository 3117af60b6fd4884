CREATE TABLE "script_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"script_id" integer NOT NULL,
	"direction" varchar(8) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_min" double precision,
	"number_max" double precision,
	"placeholder" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "script_params_script_direction_field_unique" UNIQUE("script_id","direction","field_name")
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"file_id" integer NOT NULL,
	"docker_name" varchar(255) DEFAULT '' NOT NULL,
	"docker_tag" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scripts_project_name_unique" UNIQUE("project_uuid","name")
);
--> statement-breakpoint
ALTER TABLE "script_params" ADD CONSTRAINT "script_params_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scripts_file_idx" ON "scripts" USING btree ("file_id");--> statement-breakpoint
-- Project admin roles made before scripts existed get their permissions, as new ones do.
UPDATE roles SET permissions = permissions || ARRAY['script.script.view_script', 'script.script.create_script', 'script.script.edit_script', 'script.script.delete_script']
WHERE builtin = 'admin' AND project_uuid IS NOT NULL AND NOT permissions @> ARRAY['script.script.view_script'];
