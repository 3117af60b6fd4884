CREATE TABLE "result_counts" (
	"project_uuid" uuid NOT NULL,
	"region_key" text NOT NULL,
	"dimension_label_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"n" integer NOT NULL,
	"met" integer NOT NULL,
	"indicators" integer NOT NULL,
	CONSTRAINT "result_counts_project_uuid_region_key_dimension_label_id_pk" PRIMARY KEY("project_uuid","region_key","dimension_label_id")
);
--> statement-breakpoint
CREATE INDEX "result_counts_depth_idx" ON "result_counts" USING btree ("project_uuid","depth");--> statement-breakpoint
-- Adds (or with sign -1 takes away) one report to the counts of each prefix of its region, in key order so concurrent writers lock rows in one order.
CREATE FUNCTION result_counts_apply(project uuid, dimension integer, keys text[], sign integer, met integer, indicators integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO result_counts (project_uuid, region_key, dimension_label_id, depth, n, met, indicators)
  SELECT project, k.key, coalesce(dimension, 0), k.depth, sign, sign * met, sign * indicators
  FROM unnest(keys) WITH ORDINALITY AS k(key, depth)
  ORDER BY k.key
  ON CONFLICT (project_uuid, region_key, dimension_label_id) DO UPDATE
  SET n = result_counts.n + excluded.n, met = result_counts.met + excluded.met, indicators = result_counts.indicators + excluded.indicators
$$;
--> statement-breakpoint
CREATE FUNCTION result_reports_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('DELETE', 'UPDATE') THEN
    PERFORM result_counts_apply(old.project_uuid, old.dimension_label_id, old.region_keys, -1, old.indicators_met, old.indicators_total);
  END IF;
  IF tg_op IN ('INSERT', 'UPDATE') THEN
    PERFORM result_counts_apply(new.project_uuid, new.dimension_label_id, new.region_keys, 1, new.indicators_met, new.indicators_total);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER result_reports_counts AFTER INSERT OR UPDATE OR DELETE ON result_reports FOR EACH ROW EXECUTE FUNCTION result_reports_count();
--> statement-breakpoint
INSERT INTO result_counts (project_uuid, region_key, dimension_label_id, depth, n, met, indicators)
SELECT r.project_uuid, k.key, coalesce(r.dimension_label_id, 0), k.depth, count(*), sum(r.indicators_met), sum(r.indicators_total)
FROM result_reports r, unnest(r.region_keys) WITH ORDINALITY AS k(key, depth)
GROUP BY 1, 2, 3, 4;
