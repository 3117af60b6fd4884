CREATE TABLE "filter_label_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"origin" varchar(8) NOT NULL,
	"group_id" integer,
	"tags" integer[] DEFAULT '{}' NOT NULL,
	"data_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_groups_project_name_unique" UNIQUE("project_uuid","name")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"extra_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"origin" varchar(8) NOT NULL,
	"type" varchar(16) DEFAULT '原子标签' NOT NULL,
	"label_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_group_origin_name_unique" UNIQUE NULLS NOT DISTINCT("project_uuid","label_group_id","origin","name")
);
--> statement-breakpoint
ALTER TABLE "filter_label_settings" ADD CONSTRAINT "filter_label_settings_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_groups" ADD CONSTRAINT "label_groups_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_label_group_id_label_groups_id_fk" FOREIGN KEY ("label_group_id") REFERENCES "public"."label_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filter_label_settings_project_idx" ON "filter_label_settings" USING btree ("project_uuid","origin");--> statement-breakpoint
CREATE INDEX "labels_project_origin_idx" ON "labels" USING btree ("project_uuid","origin","name");