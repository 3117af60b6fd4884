CREATE TABLE "library_item_contents" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"reason" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"ocr_pages" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_item_pages" (
	"item_id" integer NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"terms" "tsvector" NOT NULL,
	CONSTRAINT "library_item_pages_item_id_page_pk" PRIMARY KEY("item_id","page")
);
--> statement-breakpoint
ALTER TABLE "library_item_contents" ADD CONSTRAINT "library_item_contents_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_item_pages" ADD CONSTRAINT "library_item_pages_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_item_contents_queued_idx" ON "library_item_contents" USING btree ("not_before") WHERE "library_item_contents"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "library_item_pages_terms_idx" ON "library_item_pages" USING gin ("terms");--> statement-breakpoint
-- Every item inserted is queued for text extraction in the inserting transaction, so no
-- write path can forget it; an item given another file is queued again and its old pages go.
CREATE FUNCTION library_item_contents_queue_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_item_contents (item_id) SELECT id FROM inserted ON CONFLICT (item_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_contents_inserted AFTER INSERT ON library_items
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION library_item_contents_queue_inserted();
--> statement-breakpoint
CREATE FUNCTION library_item_contents_queue_refiled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_item_pages WHERE item_id = NEW.id;
  INSERT INTO library_item_contents (item_id) VALUES (NEW.id)
  ON CONFLICT (item_id) DO UPDATE SET state = 'queued', reason = NULL, pages = 0, ocr_pages = 0, claimed_at = NULL, not_before = NULL, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_contents_refiled AFTER UPDATE OF file_id ON library_items
FOR EACH ROW WHEN (OLD.file_id IS DISTINCT FROM NEW.file_id) EXECUTE FUNCTION library_item_contents_queue_refiled();
--> statement-breakpoint
-- A state shown in the list changed: remembered list answers of its project are stale (migration 0022).
CREATE FUNCTION library_item_contents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_note_changes(array_agg(i.project_uuid), array_agg(i.kind))
  FROM changed JOIN library_items AS i ON i.id = changed.item_id HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_contents_changed_inserted AFTER INSERT ON library_item_contents
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_item_contents_changed();
--> statement-breakpoint
CREATE TRIGGER library_item_contents_changed_updated AFTER UPDATE ON library_item_contents
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_item_contents_changed();
--> statement-breakpoint
-- The backfill: every item already there is queued; the content job extracts them after the start.
INSERT INTO library_item_contents (item_id) SELECT id FROM library_items ON CONFLICT (item_id) DO NOTHING;
