CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"drivername" varchar(32) NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"username" varchar(128) NOT NULL,
	"password_sealed" text NOT NULL,
	"database" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_project_name_unique" UNIQUE("project_uuid","name")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Project admin roles made before connections existed get their permissions, as new ones do.
UPDATE roles SET permissions = permissions || ARRAY['connection.connection.view_connection', 'connection.connection.create_connection', 'connection.connection.edit_connection', 'connection.connection.delete_connection']
WHERE builtin = 'admin' AND project_uuid IS NOT NULL AND NOT permissions @> ARRAY['connection.connection.view_connection'];
