CREATE TABLE "storage_objects" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"refs" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_objects_unused_idx" ON "storage_objects" USING btree ("key") WHERE "storage_objects"."refs" = 0;