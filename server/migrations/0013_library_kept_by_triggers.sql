-- The list's kept data, in the transaction of every write (FK cascades and set-null included):
-- library_items.terms (name pieces and label ids, for the GIN index), library_group_counts and
-- library_label_counts. Count triggers run once a statement over its transition tables, and
-- append one delta row per touched key.

-- The lowercase name's distinct two-character pieces.
CREATE FUNCTION library_name_terms(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(l, i, 2)), '{}')
  FROM (SELECT lower(name) AS l) AS lowered, generate_series(1, char_length(l) - 1) AS i
$$;
--> statement-breakpoint
-- Counts are appended as deltas, never updated in place: writers never wait on a counter row
-- (a held counter row made a create and a delete sharing a file deadlock). A delta for a project
-- or label deleted in this statement (a cascade) is dropped: its counts go with it. Now and then
-- a key's rows are folded into one; rows another transaction holds are skipped, not waited for.
CREATE FUNCTION library_count_group(project uuid, item_kind varchar, key integer, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_group_counts (project_uuid, kind, group_key, n)
  SELECT project, item_kind, key, delta WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = project);
  IF random() < 0.05 THEN
    WITH folded AS (
      DELETE FROM library_group_counts WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM library_group_counts WHERE project_uuid = project AND kind = item_kind AND group_key = key FOR UPDATE SKIP LOCKED))
      RETURNING n)
    INSERT INTO library_group_counts (project_uuid, kind, group_key, n)
    SELECT project, item_kind, key, sum(n) FROM folded HAVING count(*) > 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_count_label(label integer, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_label_counts (label_id, n) SELECT label, delta WHERE EXISTS (SELECT 1 FROM labels WHERE id = label);
  IF random() < 0.05 THEN
    WITH folded AS (
      DELETE FROM library_label_counts WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM library_label_counts WHERE label_id = label FOR UPDATE SKIP LOCKED))
      RETURNING n)
    INSERT INTO library_label_counts (label_id, n) SELECT label, sum(n) FROM folded HAVING count(*) > 0;
  END IF;
END $$;
--> statement-breakpoint
-- Recomputes every kept value from the rows: the backfill below, and bulk loads that ran without triggers.
CREATE FUNCTION library_rebuild_kept() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items AS i SET terms = library_name_terms(i.name) || coalesce(
    (SELECT array_agg('label:' || l.label_id ORDER BY l.label_id) FROM library_item_labels AS l WHERE l.item_id = i.id), '{}');
  DELETE FROM library_group_counts;
  INSERT INTO library_group_counts (project_uuid, kind, group_key, n)
  SELECT project_uuid, kind, coalesce(group_id, 0), count(*) FROM library_items GROUP BY 1, 2, 3;
  DELETE FROM library_label_counts;
  INSERT INTO library_label_counts (label_id, n) SELECT label_id, count(*) FROM library_item_labels GROUP BY 1;
END $$;
--> statement-breakpoint
SELECT library_rebuild_kept();
--> statement-breakpoint
CREATE FUNCTION library_items_name_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.terms := library_name_terms(NEW.name);
  ELSIF NEW.name IS DISTINCT FROM OLD.name THEN
    NEW.terms := library_name_terms(NEW.name) || ARRAY(SELECT t FROM unnest(OLD.terms) AS t WHERE t LIKE 'label:%');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_name_terms BEFORE INSERT OR UPDATE OF name ON library_items
FOR EACH ROW EXECUTE FUNCTION library_items_name_terms();
--> statement-breakpoint
CREATE FUNCTION library_items_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT project_uuid, kind, coalesce(group_id, 0) AS key, count(*) AS n FROM new_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_group(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_count_inserted AFTER INSERT ON library_items
REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION library_items_count_inserted();
--> statement-breakpoint
CREATE FUNCTION library_items_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT project_uuid, kind, coalesce(group_id, 0) AS key, count(*) AS n FROM old_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_group(r.project_uuid, r.kind, r.key, -r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_count_deleted AFTER DELETE ON library_items
REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION library_items_count_deleted();
--> statement-breakpoint
-- Moves between groups, by a write or by a deleted group's set-null.
CREATE FUNCTION library_items_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT project_uuid, kind, key, sum(delta) AS n FROM (
      SELECT o.project_uuid, o.kind, coalesce(o.group_id, 0) AS key, -1 AS delta
      FROM old_items AS o JOIN new_items AS n ON n.id = o.id WHERE o.group_id IS DISTINCT FROM n.group_id
      UNION ALL
      SELECT n.project_uuid, n.kind, coalesce(n.group_id, 0), 1
      FROM old_items AS o JOIN new_items AS n ON n.id = o.id WHERE o.group_id IS DISTINCT FROM n.group_id
    ) AS moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  LOOP
    PERFORM library_count_group(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_items_count_moved AFTER UPDATE ON library_items
REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION library_items_count_moved();
--> statement-breakpoint
CREATE FUNCTION library_item_labels_linked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT label_id, count(*) AS n FROM new_links GROUP BY 1 ORDER BY 1 LOOP
    PERFORM library_count_label(r.label_id, r.n);
  END LOOP;
  UPDATE library_items AS i SET terms = i.terms || added.terms
  FROM (SELECT item_id, array_agg('label:' || label_id) AS terms FROM new_links GROUP BY 1) AS added
  WHERE i.id = added.item_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_linked AFTER INSERT ON library_item_labels
REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_linked();
--> statement-breakpoint
-- Unlinked by a write, a deleted label (cascade) or a deleted item (then no item row is left to update).
CREATE FUNCTION library_item_labels_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT label_id, count(*) AS n FROM old_links GROUP BY 1 ORDER BY 1 LOOP
    PERFORM library_count_label(r.label_id, -r.n);
  END LOOP;
  UPDATE library_items AS i SET terms = ARRAY(SELECT t FROM unnest(i.terms) AS t WHERE t <> ALL (removed.terms))
  FROM (SELECT item_id, array_agg('label:' || label_id) AS terms FROM old_links GROUP BY 1) AS removed
  WHERE i.id = removed.item_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_unlinked AFTER DELETE ON library_item_labels
REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION library_item_labels_unlinked();
