-- An update's kept label-set counts for less: the label-set keys are computed only for items
-- whose terms changed (a label link changes them, a move none), not for every old and new row
-- of the statement. A batch move of 1,000 spent about a quarter of its triggers' time there.
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
