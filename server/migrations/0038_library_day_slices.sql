-- Finer anchors for deep pages: the day counts also by slice of ids (id / 1024), with bounds of
-- the slice's created_at, so that a page deep inside a day of many items (a bulk import: one
-- created_at for all) starts at a slice boundary that is also a boundary in list order.
-- The counts are recomputed below, so the old rows go first (the new columns have no default).
TRUNCATE "library_day_counts", "library_label_day_counts";
--> statement-breakpoint
DROP INDEX "library_day_counts_key_idx";--> statement-breakpoint
DROP INDEX "library_label_day_counts_key_idx";--> statement-breakpoint
ALTER TABLE "library_day_counts" ADD COLUMN "slice" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "library_day_counts" ADD COLUMN "lo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_day_counts" ADD COLUMN "hi" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_label_day_counts" ADD COLUMN "slice" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "library_label_day_counts" ADD COLUMN "lo" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_label_day_counts" ADD COLUMN "hi" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "library_day_counts_key_idx" ON "library_day_counts" USING btree ("project_uuid","kind","group_key","day","slice","n","lo","hi");--> statement-breakpoint
CREATE INDEX "library_label_day_counts_key_idx" ON "library_label_day_counts" USING btree ("label_id","day","slice","n","lo","hi");--> statement-breakpoint
-- The slice of an id: the second part of a day-count key.
CREATE FUNCTION library_slice(id integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT id / 1024
$$;
--> statement-breakpoint
DROP FUNCTION library_count_days(uuid[], varchar[], integer[], integer[], bigint[]);
--> statement-breakpoint
-- As before (0014), with the slice and the created_at of each counted item: an added item's
-- widens its slice's bounds, a removed one's does not narrow them (null), so they stay bounds.
-- A fold keeps the widest, and keeps them even where its rows sum to zero: rows another fold
-- holds (skipped) may count an item whose bound only the folded rows carried.
CREATE FUNCTION library_count_days(p_projects uuid[], p_kinds varchar[], p_keys integer[], p_days integer[], p_slices integer[], p_ats timestamptz[], p_deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_day_counts (project_uuid, kind, group_key, day, slice, n, lo, hi)
  SELECT d.project, d.kind, d.key, d.day, d.slice, sum(d.delta), min(d.at) FILTER (WHERE d.delta > 0), max(d.at) FILTER (WHERE d.delta > 0)
  FROM unnest(p_projects, p_kinds, p_keys, p_days, p_slices, p_ats, p_deltas) AS d(project, kind, key, day, slice, at, delta)
  WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = d.project)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0 OR count(*) FILTER (WHERE d.delta > 0) > 0;
  IF random() < 0.05 THEN
    WITH touched AS (
      SELECT DISTINCT project, kind, key, day, slice FROM unnest(p_projects, p_kinds, p_keys, p_days, p_slices) AS t(project, kind, key, day, slice)),
    folded AS (
      DELETE FROM library_day_counts WHERE ctid = ANY (ARRAY(
        SELECT c.ctid FROM library_day_counts AS c JOIN touched AS t
          ON c.project_uuid = t.project AND c.kind = t.kind AND c.group_key = t.key AND c.day = t.day AND c.slice = t.slice
        FOR UPDATE OF c SKIP LOCKED))
      RETURNING project_uuid, kind, group_key, day, slice, n, lo, hi)
    INSERT INTO library_day_counts (project_uuid, kind, group_key, day, slice, n, lo, hi)
    SELECT project_uuid, kind, group_key, day, slice, sum(n), min(lo), max(hi) FROM folded GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR max(hi) IS NOT NULL;
  END IF;
END $$;
--> statement-breakpoint
DROP FUNCTION library_count_label_days(integer[], integer[], bigint[]);
--> statement-breakpoint
CREATE FUNCTION library_count_label_days(p_labels integer[], p_days integer[], p_slices integer[], p_ats timestamptz[], p_deltas bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_label_day_counts (label_id, day, slice, n, lo, hi)
  SELECT d.label, d.day, d.slice, sum(d.delta), min(d.at) FILTER (WHERE d.delta > 0), max(d.at) FILTER (WHERE d.delta > 0)
  FROM unnest(p_labels, p_days, p_slices, p_ats, p_deltas) AS d(label, day, slice, at, delta)
  GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 OR count(*) FILTER (WHERE d.delta > 0) > 0;
  IF random() < 0.05 THEN
    WITH touched AS (
      SELECT DISTINCT label, day, slice FROM unnest(p_labels, p_days, p_slices) AS t(label, day, slice)),
    folded AS (
      DELETE FROM library_label_day_counts WHERE ctid = ANY (ARRAY(
        SELECT c.ctid FROM library_label_day_counts AS c JOIN touched AS t ON c.label_id = t.label AND c.day = t.day AND c.slice = t.slice
        FOR UPDATE OF c SKIP LOCKED))
      RETURNING label_id, day, slice, n, lo, hi)
    INSERT INTO library_label_day_counts (label_id, day, slice, n, lo, hi)
    SELECT label_id, day, slice, sum(n), min(lo), max(hi) FROM folded GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR max(hi) IS NOT NULL;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_item_labels_count_linked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_count_label_days(array_agg(label_id), array_agg(library_day(created_at)), array_agg(library_slice(item_id)), array_agg(created_at), array_agg(1::bigint)) FROM new_links;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_item_labels_count_unlinked_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_count_label_days(array_agg(label_id), array_agg(library_day(created_at)), array_agg(library_slice(item_id)), array_agg(created_at), array_agg(-1::bigint)) FROM old_links;
  RETURN NULL;
END $$;
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
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(library_day(created_at)),
    array_agg(library_slice(id)), array_agg(created_at), array_agg(1::bigint))
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
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(library_day(created_at)),
    array_agg(library_slice(id)), array_agg(created_at), array_agg(-1::bigint))
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
      FROM old_items AS o JOIN new_items AS n ON n.id = o.id WHERE o.terms <> n.terms)
    SELECT project_uuid, kind, key, sum(delta) AS n FROM (
      SELECT project_uuid, kind, before AS key, -1 AS delta FROM changed WHERE before <> after
      UNION ALL
      SELECT project_uuid, kind, after, 1 FROM changed WHERE before <> after
    ) AS moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  LOOP
    PERFORM library_count_label_set(r.project_uuid, r.kind, r.key, r.n);
  END LOOP;
  PERFORM library_count_days(array_agg(project_uuid), array_agg(kind), array_agg(key), array_agg(day), array_agg(slice), array_agg(at), array_agg(delta))
  FROM (
    SELECT o.project_uuid, o.kind, keys.key, library_day(o.created_at) AS day, library_slice(o.id) AS slice, o.created_at AS at, -1::bigint AS delta
    FROM old_items AS o JOIN new_items AS n ON n.id = o.id, LATERAL (VALUES (coalesce(o.group_id, 0)), (-1)) AS keys(key)
    WHERE o.group_id IS DISTINCT FROM n.group_id OR o.created_at <> n.created_at
    UNION ALL
    SELECT n.project_uuid, n.kind, keys.key, library_day(n.created_at), library_slice(n.id), n.created_at, 1
    FROM old_items AS o JOIN new_items AS n ON n.id = o.id, LATERAL (VALUES (coalesce(n.group_id, 0)), (-1)) AS keys(key)
    WHERE o.group_id IS DISTINCT FROM n.group_id OR o.created_at <> n.created_at
  ) AS moves;
  RETURN NULL;
END $$;
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
  INSERT INTO library_day_counts (project_uuid, kind, group_key, day, slice, n, lo, hi)
  SELECT project_uuid, kind, key, library_day(created_at), library_slice(id), count(*), min(created_at), max(created_at)
  FROM library_items, LATERAL (VALUES (coalesce(group_id, 0)), (-1)) AS keys(key)
  WHERE project_uuid = project GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM library_label_day_counts WHERE label_id IN (SELECT id FROM labels WHERE project_uuid = project);
  INSERT INTO library_label_day_counts (label_id, day, slice, n, lo, hi)
  SELECT x.label_id, library_day(x.created_at), library_slice(x.item_id), count(*), min(x.created_at), max(x.created_at)
  FROM library_item_labels AS x JOIN labels AS l ON l.id = x.label_id
  WHERE l.project_uuid = project GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
INSERT INTO library_day_counts (project_uuid, kind, group_key, day, slice, n, lo, hi)
SELECT project_uuid, kind, key, library_day(created_at), library_slice(id), count(*), min(created_at), max(created_at)
FROM library_items, LATERAL (VALUES (coalesce(group_id, 0)), (-1)) AS keys(key) GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO library_label_day_counts (label_id, day, slice, n, lo, hi)
SELECT label_id, library_day(created_at), library_slice(item_id), count(*), min(created_at), max(created_at)
FROM library_item_labels GROUP BY 1, 2, 3;
