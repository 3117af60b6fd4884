CREATE TABLE "library_item_documents" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"terms" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_item_documents" ADD CONSTRAINT "library_item_documents_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_item_documents_terms_idx" ON "library_item_documents" USING gin ("terms");--> statement-breakpoint
-- Pages' terms joined page after page (`||` moves the right one's positions past the left's).
CREATE AGGREGATE library_tsvector_agg(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
--> statement-breakpoint
-- An item given another file loses its document with its pages (migration content_search).
CREATE OR REPLACE FUNCTION library_item_contents_queue_refiled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_item_pages WHERE item_id = NEW.id;
  DELETE FROM library_item_documents WHERE item_id = NEW.id;
  INSERT INTO library_item_contents (item_id) VALUES (NEW.id)
  ON CONFLICT (item_id) DO UPDATE SET state = 'queued', reason = NULL, pages = 0, ocr_pages = 0, claimed_at = NULL, not_before = NULL, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The backfill: the document of every item already indexed.
INSERT INTO library_item_documents (item_id, terms)
SELECT item_id, library_tsvector_agg(terms ORDER BY page) FROM library_item_pages GROUP BY item_id
ON CONFLICT (item_id) DO NOTHING;
