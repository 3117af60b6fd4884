-- A label's links per day, so that a deep page of one label starts at its day (as 0014's day
-- counts do for the unfiltered and group lists). Kept by triggers on the links, as the other
-- counts are: deltas appended, now and then folded.
CREATE TABLE "library_label_day_counts" (
	"label_id" integer NOT NULL,
	"day" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "library_label_day_counts_key_idx" ON "library_label_day_counts" USING btree ("label_id","day","n");
--> statement-breakpoint
-- As library_count_days (0014). Every delta is kept, a deleted label's included: its unlinks
-- bring its rows to zero, so the table needs no foreign key (whose cascade could deadlock with a fold).
CREATE FUNCTION library_count_label_days(p_labels integer[], p_days integer[], p_deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_label_day_counts (label_id, day, n)
  SELECT d.label, d.day, sum(d.delta) FROM unnest(p_labels, p_days, p_deltas) AS d(label, day, delta)
  GROUP BY 1, 2 HAVING sum(d.delta) <> 0;
  IF random() < 0.05 THEN
    WITH touched AS (
      SELECT DISTINCT label, day FROM unnest(p_labels, p_days) AS t(label, day)),
    folded AS (
      DELETE FROM library_label_day_counts WHERE ctid = ANY (ARRAY(
        SELECT c.ctid FROM library_label_day_counts AS c JOIN touched AS t ON c.label_id = t.label AND c.day = t.day
        FOR UPDATE OF c SKIP LOCKED))
      RETURNING label_id, day, n)
    INSERT INTO library_label_day_counts (label_id, day, n)
    SELECT label_id, day, sum(n) FROM folded GROUP BY 1, 2 HAVING sum(n) <> 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_item_labels_count_linked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_count_label_days(array_agg(label_id), array_agg(library_day(created_at)), array_agg(1::bigint)) FROM new_links;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_count_linked_days AFTER INSERT ON library_item_labels
REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_count_linked_days();
--> statement-breakpoint
CREATE FUNCTION library_item_labels_count_unlinked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_count_label_days(array_agg(label_id), array_agg(library_day(created_at)), array_agg(-1::bigint)) FROM old_links;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_count_unlinked_days AFTER DELETE ON library_item_labels
REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_count_unlinked_days();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_rebuild_counts(project uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_group_counts WHERE project_uuid = project;
  INSERT INTO library_group_counts (project_uuid, kind, group_key, n)
  SELECT project_uuid, kind, coalesce(group_id, 0), count(*) FROM library_items WHERE project_uuid = project GROUP BY 1, 2, 3;
  DELETE FROM library_label_set_counts WHERE project_uuid = project;
  INSERT INTO library_label_set_counts (project_uuid, kind, label_terms, n)
  SELECT project_uuid, kind, library_label_terms(terms), count(*) FROM library_items WHERE project_uuid = project GROUP BY 1, 2, 3;
  DELETE FROM library_day_counts WHERE project_uuid = project;
  INSERT INTO library_day_counts (project_uuid, kind, group_key, day, n)
  SELECT project_uuid, kind, key, library_day(created_at), count(*)
  FROM library_items, LATERAL (VALUES (coalesce(group_id, 0)), (-1)) AS keys(key)
  WHERE project_uuid = project GROUP BY 1, 2, 3, 4;
  DELETE FROM library_label_day_counts WHERE label_id IN (SELECT id FROM labels WHERE project_uuid = project);
  INSERT INTO library_label_day_counts (label_id, day, n)
  SELECT x.label_id, library_day(x.created_at), count(*) FROM library_item_labels AS x JOIN labels AS l ON l.id = x.label_id
  WHERE l.project_uuid = project GROUP BY 1, 2;
END $$;
--> statement-breakpoint
INSERT INTO library_label_day_counts (label_id, day, n)
SELECT label_id, library_day(created_at), count(*) FROM library_item_labels GROUP BY 1, 2;
