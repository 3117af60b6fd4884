-- Counts the stored_files columns naming each stored object, in the transaction of the change.
CREATE FUNCTION storage_object_ref(object_key varchar, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF object_key IS NOT NULL THEN
    INSERT INTO storage_objects AS o (key, refs) VALUES (object_key, delta)
    ON CONFLICT (key) DO UPDATE SET refs = o.refs + delta;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stored_files_count_refs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM storage_object_ref(OLD.storage_key, -1);
    PERFORM storage_object_ref(OLD.pdf_key, -1);
    PERFORM storage_object_ref(OLD.thumb_key, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM storage_object_ref(NEW.storage_key, 1);
    PERFORM storage_object_ref(NEW.pdf_key, 1);
    PERFORM storage_object_ref(NEW.thumb_key, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stored_files_count_refs AFTER INSERT OR DELETE OR UPDATE OF storage_key, pdf_key, thumb_key ON stored_files
FOR EACH ROW EXECUTE FUNCTION stored_files_count_refs();
--> statement-breakpoint
INSERT INTO storage_objects (key, refs)
SELECT key, count(*) FROM (
  SELECT storage_key AS key FROM stored_files
  UNION ALL SELECT pdf_key FROM stored_files WHERE pdf_key IS NOT NULL
  UNION ALL SELECT thumb_key FROM stored_files WHERE thumb_key IS NOT NULL
) AS named GROUP BY key;
