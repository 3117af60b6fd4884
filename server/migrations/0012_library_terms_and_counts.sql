CREATE TABLE "library_group_counts" (
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"group_key" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_label_counts" (
	"label_id" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "library_items_group_idx";--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "library_group_counts" ADD CONSTRAINT "library_group_counts_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_label_counts" ADD CONSTRAINT "library_label_counts_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_group_counts_key_idx" ON "library_group_counts" USING btree ("project_uuid","kind","group_key");--> statement-breakpoint
CREATE INDEX "library_label_counts_label_idx" ON "library_label_counts" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "library_items_group_list_idx" ON "library_items" USING btree ("project_uuid","kind","group_id","created_at","id");--> statement-breakpoint
CREATE INDEX "library_items_terms_idx" ON "library_items" USING gin ("terms");