CREATE TABLE "library_bin_pages" (
	"entry_id" integer NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"terms" "tsvector" NOT NULL,
	CONSTRAINT "library_bin_pages_entry_id_page_pk" PRIMARY KEY("entry_id","page")
);
--> statement-breakpoint
ALTER TABLE "library_bin" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "library_bin" ADD COLUMN "document" "tsvector";--> statement-breakpoint
ALTER TABLE "library_bin_pages" ADD CONSTRAINT "library_bin_pages_entry_id_library_bin_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."library_bin"("id") ON DELETE cascade ON UPDATE no action;