-- What the content search's filters need of an item, copied into its document (docs/design/content-search.md):
-- its project and kind, its group (0: none) and its labels as GIN keys, and its created_at.
CREATE FUNCTION library_document_keys(project uuid, item_kind varchar, group_id integer, terms text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['in:' || project || '/' || item_kind, 'group:' || coalesce(group_id, 0)] || library_label_terms(terms)
$$;
--> statement-breakpoint
ALTER TABLE "library_item_documents" ADD COLUMN "keys" text[];--> statement-breakpoint
ALTER TABLE "library_item_documents" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
UPDATE library_item_documents AS d SET keys = library_document_keys(i.project_uuid, i.kind, i.group_id, i.terms), created_at = i.created_at
FROM library_items AS i WHERE i.id = d.item_id;--> statement-breakpoint
ALTER TABLE "library_item_documents" ALTER COLUMN "keys" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "library_item_documents" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "library_item_documents_terms_idx";--> statement-breakpoint
CREATE INDEX "library_item_documents_search_idx" ON "library_item_documents" USING gin ("terms","keys");--> statement-breakpoint
-- A document takes its item's keys when written, whatever writes it. The extraction holds the
-- item's row (FOR SHARE) first, so a change of the item racing it is either seen here or
-- applies to the committed document (below).
CREATE FUNCTION library_item_documents_keyed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT library_document_keys(i.project_uuid, i.kind, i.group_id, i.terms), i.created_at INTO NEW.keys, NEW.created_at
  FROM library_items AS i WHERE i.id = NEW.item_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_documents_keyed BEFORE INSERT ON library_item_documents
FOR EACH ROW EXECUTE FUNCTION library_item_documents_keyed();
--> statement-breakpoint
-- An item moved, relabelled (library_item_labels' triggers rewrite its terms) or redated: its
-- document follows in the same statement. A rename (other terms) changes no key.
CREATE FUNCTION library_items_documents_rekeyed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_item_documents AS d SET keys = changed.keys, created_at = changed.created_at
  FROM (
    SELECT n.id, library_document_keys(n.project_uuid, n.kind, n.group_id, n.terms) AS keys, n.created_at
    FROM new_items AS n JOIN old_items AS o ON o.id = n.id
    WHERE (n.project_uuid, n.kind, n.group_id, n.created_at) IS DISTINCT FROM (o.project_uuid, o.kind, o.group_id, o.created_at)
      OR library_label_terms(n.terms) <> library_label_terms(o.terms)
  ) AS changed
  WHERE d.item_id = changed.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_documents_rekeyed AFTER UPDATE ON library_items
REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION library_items_documents_rekeyed();
