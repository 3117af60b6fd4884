CREATE TABLE "library_changes" (
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_changes" ADD CONSTRAINT "library_changes_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_changes_key_idx" ON "library_changes" USING btree ("project_uuid","kind","n");--> statement-breakpoint
-- Appends one change to each project and kind given, as the counts append deltas (migration
-- 0013): writers never wait on a version row, and now and then a key's rows are folded into
-- one, skipping rows another transaction holds. A project deleted in this statement is skipped.
CREATE FUNCTION library_note_changes(p_projects uuid[], p_kinds varchar[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_changes (project_uuid, kind, n)
  SELECT DISTINCT c.project, c.kind, 1::bigint FROM unnest(p_projects, p_kinds) AS c(project, kind)
  WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = c.project);
  IF random() < 0.05 THEN
    WITH touched AS (SELECT DISTINCT project, kind FROM unnest(p_projects, p_kinds) AS t(project, kind)),
    folded AS (
      DELETE FROM library_changes WHERE ctid = ANY (ARRAY(
        SELECT c.ctid FROM library_changes AS c JOIN touched AS t ON c.project_uuid = t.project AND c.kind = t.kind
        FOR UPDATE OF c SKIP LOCKED))
      RETURNING project_uuid, kind, n)
    INSERT INTO library_changes (project_uuid, kind, n)
    SELECT project_uuid, kind, sum(n) FROM folded GROUP BY 1, 2;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_note_changes(array_agg(project_uuid), array_agg(kind)) FROM changed HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_changed_inserted AFTER INSERT ON library_items
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_items_changed();
--> statement-breakpoint
CREATE TRIGGER library_items_changed_updated AFTER UPDATE ON library_items
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_items_changed();
--> statement-breakpoint
CREATE TRIGGER library_items_changed_deleted AFTER DELETE ON library_items
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_items_changed();
--> statement-breakpoint
-- Links of items deleted in the same statement find no item: the items' own change counts.
CREATE FUNCTION library_item_labels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_note_changes(array_agg(i.project_uuid), array_agg(i.kind))
  FROM (SELECT DISTINCT item_id FROM changed) AS c JOIN library_items AS i ON i.id = c.item_id HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_changed_inserted AFTER INSERT ON library_item_labels
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_changed();
--> statement-breakpoint
CREATE TRIGGER library_item_labels_changed_deleted AFTER DELETE ON library_item_labels
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_changed();
--> statement-breakpoint
-- A label's name, group or level decides which items a filter finds and what they show: both kinds change.
CREATE FUNCTION labels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_note_changes(array_agg(p.uuid), array_agg(k.kind))
  FROM (SELECT DISTINCT project_uuid AS uuid FROM changed) AS p, (VALUES ('report'), ('material')) AS k(kind) HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER labels_changed_inserted AFTER INSERT ON labels
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION labels_changed();
--> statement-breakpoint
CREATE TRIGGER labels_changed_updated AFTER UPDATE ON labels
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION labels_changed();
--> statement-breakpoint
CREATE TRIGGER labels_changed_deleted AFTER DELETE ON labels
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION labels_changed();
--> statement-breakpoint
-- A card shows its file's thumbnail by name and thumb_key. An organization's file (no project)
-- may be shown in any of its projects.
CREATE FUNCTION stored_files_shown_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_note_changes(array_agg(p.uuid), array_agg(k.kind))
  FROM (
    SELECT DISTINCT p.uuid FROM new_files AS n JOIN old_files AS o ON o.id = n.id
    JOIN projects AS p ON p.uuid = n.project_uuid OR (n.project_uuid IS NULL AND p.organization_uuid = n.organization_uuid)
    WHERE n.name IS DISTINCT FROM o.name OR n.thumb_key IS DISTINCT FROM o.thumb_key
  ) AS p, (VALUES ('report'), ('material')) AS k(kind) HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stored_files_shown_changed AFTER UPDATE ON stored_files
REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION stored_files_shown_changed();
