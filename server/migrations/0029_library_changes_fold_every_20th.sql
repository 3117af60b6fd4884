-- Folding came with chance 1 in 20 (migration 0022), so a key could go a hundred writes
-- unfolded; now every 20th change made on the deployment folds the keys it touches.
CREATE SEQUENCE library_changes_fold_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_note_changes(p_projects uuid[], p_kinds varchar[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_changes (project_uuid, kind, n)
  SELECT DISTINCT c.project, c.kind, 1::bigint FROM unnest(p_projects, p_kinds) AS c(project, kind)
  WHERE EXISTS (SELECT 1 FROM projects WHERE uuid = c.project);
  IF nextval('library_changes_fold_seq') % 20 = 0 THEN
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
