-- Kept counts by exact label set and by day, so that any labels-only total is a sum of kept rows
-- and a deep page starts at its day; and the label links in list order, so that a label's page
-- reads index entries only.
CREATE TABLE "library_label_set_counts" (
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"label_terms" text[] NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_label_set_counts" ADD CONSTRAINT "library_label_set_counts_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "library_label_set_counts_key_idx" ON "library_label_set_counts" USING btree ("project_uuid","kind","label_terms");
--> statement-breakpoint
DROP TABLE "library_label_counts" CASCADE;
--> statement-breakpoint
DROP FUNCTION library_count_label(integer, bigint);
--> statement-breakpoint
ALTER TABLE "library_item_labels" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE library_item_labels AS l SET created_at = i.created_at FROM library_items AS i WHERE i.id = l.item_id;
--> statement-breakpoint
DROP INDEX "library_item_labels_label_idx";
--> statement-breakpoint
CREATE INDEX "library_item_labels_list_idx" ON "library_item_labels" USING btree ("label_id","created_at","item_id");
--> statement-breakpoint
-- Items never change their created_at, so the copy taken when the link is made stays true.
CREATE FUNCTION library_item_labels_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_at := (SELECT created_at FROM library_items WHERE id = NEW.item_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_labels_created_at BEFORE INSERT ON library_item_labels
FOR EACH ROW EXECUTE FUNCTION library_item_labels_created_at();
--> statement-breakpoint
-- An item's label terms, sorted: the key of its label-set count.
CREATE FUNCTION library_label_terms(terms text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT t FROM unnest(terms) AS t WHERE t LIKE 'label:%' ORDER BY t)
$$;
--> statement-breakpoint
-- As library_count_group (migration 0013): deltas appended, now and then folded.
CREATE FUNCTION library_count_label_set(project uuid, item_kind varchar, key text[], delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_label_set_counts (project_uuid, kind, label_terms, n)
  SELECT project, item_kind, key, delta WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = project);
  IF random() < 0.05 THEN
    WITH folded AS (
      DELETE FROM library_label_set_counts WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM library_label_set_counts WHERE project_uuid = project AND kind = item_kind AND label_terms = key FOR UPDATE SKIP LOCKED))
      RETURNING n)
    INSERT INTO library_label_set_counts (project_uuid, kind, label_terms, n)
    SELECT project, item_kind, key, sum(n) FROM folded HAVING count(*) > 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE "library_day_counts" (
	"project_uuid" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"group_key" integer NOT NULL,
	"day" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_day_counts" ADD CONSTRAINT "library_day_counts_project_uuid_projects_uuid_fk" FOREIGN KEY ("project_uuid") REFERENCES "public"."projects"("uuid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "library_day_counts_key_idx" ON "library_day_counts" USING btree ("project_uuid","kind","group_key","day","n");
--> statement-breakpoint
-- Days since 1970-01-01 UTC: the bucket of library_day_counts.
CREATE FUNCTION library_day(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM at) / 86400)::integer
$$;
--> statement-breakpoint
-- Appends the deltas (one row per project, kind, group key and day) in one statement, and in
-- one statement out of twenty folds the touched keys' rows into one each, skipping rows another
-- transaction holds, as library_count_group does (migration 0013). A delta of a project deleted
-- in this statement is dropped.
CREATE FUNCTION library_count_days(p_projects uuid[], p_kinds varchar[], p_keys integer[], p_days integer[], p_deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_day_counts (project_uuid, kind, group_key, day, n)
  SELECT d.project, d.kind, d.key, d.day, sum(d.delta)
  FROM unnest(p_projects, p_kinds, p_keys, p_days, p_deltas) AS d(project, kind, key, day, delta)
  WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = d.project)
  GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0;
  IF random() < 0.05 THEN
    WITH touched AS (
      SELECT DISTINCT project, kind, key, day FROM unnest(p_projects, p_kinds, p_keys, p_days) AS t(project, kind, key, day)),
    folded AS (
      DELETE FROM library_day_counts WHERE ctid = ANY (ARRAY(
        SELECT c.ctid FROM library_day_counts AS c JOIN touched AS t
          ON c.project_uuid = t.project AND c.kind = t.kind AND c.group_key = t.key AND c.day = t.day
        FOR UPDATE OF c SKIP LOCKED))
      RETURNING project_uuid, kind, group_key, day, n)
    INSERT INTO library_day_counts (project_uuid, kind, group_key, day, n)
    SELECT project_uuid, kind, group_key, day, sum(n) FROM folded GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  END IF;
END $$;
--> statement-breakpoint
-- A project's counts from its rows: bulk loads that ran without triggers.
CREATE FUNCTION library_rebuild_counts(project uuid) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_rebuild_kept() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items AS i SET terms = library_name_terms(i.name) || coalesce(
    (SELECT array_agg('label:' || l.label_id ORDER BY l.label_id) FROM library_item_labels AS l WHERE l.item_id = i.id), '{}');
  PERFORM library_rebuild_counts(uuid) FROM projects;
END $$;
--> statement-breakpoint
SELECT library_rebuild_counts(uuid) FROM projects;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_items_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT project_uuid, kind, coalesce(group_id, 0) AS key, count(*) AS n FROM new_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_group(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  FOR r IN SELECT project_uuid, kind, library_label_terms(terms) AS key, count(*) AS n FROM new_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_label_set(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(library_day(created_at)), array_agg(1::bigint))
  FROM new_items, LATERAL (VALUES (coalesce(group_id, 0)), (-1)) AS keys(key);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_items_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT project_uuid, kind, coalesce(group_id, 0) AS key, count(*) AS n FROM old_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_group(r.project_uuid, r.kind, r.key, -r.n);
  END LOOP;
  FOR r IN SELECT project_uuid, kind, library_label_terms(terms) AS key, count(*) AS n FROM old_items GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    PERFORM library_count_label_set(r.project_uuid, r.kind, r.key, -r.n);
  END LOOP;
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(library_day(created_at)), array_agg(-1::bigint))
  FROM old_items, LATERAL (VALUES (coalesce(group_id, 0)), (-1)) AS keys(key);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_items_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
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
  FOR r IN
    WITH changed AS (
      SELECT o.project_uuid, o.kind, library_label_terms(o.terms) AS before, library_label_terms(n.terms) AS after
      FROM old_items AS o JOIN new_items AS n ON n.id = o.id)
    SELECT project_uuid, kind, key, sum(delta) AS n FROM (
      SELECT project_uuid, kind, before AS key, -1 AS delta FROM changed WHERE before <> after
      UNION ALL
      SELECT project_uuid, kind, after, 1 FROM changed WHERE before <> after
    ) AS moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  LOOP
    PERFORM library_count_label_set(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(day), array_agg(delta))
  FROM (
    SELECT o.project_uuid, o.kind, keys.key, library_day(o.created_at) AS day, -1::bigint AS delta
    FROM old_items AS o JOIN new_items AS n ON n.id = o.id, LATERAL (VALUES (coalesce(o.group_id, 0)), (-1)) AS keys(key)
    WHERE o.group_id IS DISTINCT FROM n.group_id OR o.created_at <> n.created_at
    UNION ALL
    SELECT n.project_uuid, n.kind, keys.key, library_day(n.created_at), 1
    FROM old_items AS o JOIN new_items AS n ON n.id = o.id, LATERAL (VALUES (coalesce(n.group_id, 0)), (-1)) AS keys(key)
    WHERE o.group_id IS DISTINCT FROM n.group_id OR o.created_at <> n.created_at
  ) AS moves;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_item_labels_linked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items AS i SET terms = i.terms || added.terms
  FROM (SELECT item_id, array_agg('label:' || label_id) AS terms FROM new_links GROUP BY 1) AS added
  WHERE i.id = added.item_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Unlinked by a write, a deleted label (cascade) or a deleted item (then no item row is left to update).
CREATE OR REPLACE FUNCTION library_item_labels_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items AS i SET terms = ARRAY(SELECT t FROM unnest(i.terms) AS t WHERE t <> ALL (removed.terms))
  FROM (SELECT item_id, array_agg('label:' || label_id) AS terms FROM old_links GROUP BY 1) AS removed
  WHERE i.id = removed.item_id;
  RETURN NULL;
END $$;
