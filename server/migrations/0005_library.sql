CREATE TABLE "library_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(50) NOT NULL,
	"sorted" integer DEFAULT 0 NOT NULL,
	"user_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_groups_project_kind_name_unique" UNIQUE("project_uuid","kind","name")
);
--> statement-breakpoint
CREATE TABLE "library_item_labels" (
	"item_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "library_item_labels_item_id_label_id_pk" PRIMARY KEY("item_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(200) NOT NULL,
	"create_user" varchar(150) NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"file" text DEFAULT '' NOT NULL,
	"real_file_name" varchar(255) DEFAULT '' NOT NULL,
	"group_id" integer,
	"file_id" integer,
	"cover_file_id" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_groups" ADD CONSTRAINT "library_groups_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_groups" ADD CONSTRAINT "library_groups_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_labels" ADD CONSTRAINT "library_item_labels_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_labels" ADD CONSTRAINT "library_item_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_group_id_library_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."library_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_cover_file_id_stored_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_created_by_users_uuid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_item_labels_label_idx" ON "library_item_labels" USING btree ("label_id","item_id");--> statement-breakpoint
CREATE INDEX "library_items_list_idx" ON "library_items" USING btree ("project_uuid","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "library_items_group_idx" ON "library_items" USING btree ("project_uuid","kind","group_id","created_at");