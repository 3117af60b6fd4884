-- An item's name pieces paired with its labels, '<piece>#<label id>': a name filter with labels
-- then looks up a few short posting lists, not the long ones of a common piece and a common
-- label (migration 0013's terms), whose intersection was most of the list's time at a million items.
CREATE FUNCTION library_item_pairs(terms text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT p || '#' || substr(l, 7) FROM unnest(terms) AS p, unnest(terms) AS l WHERE char_length(p) = 2 AND l LIKE 'label:%')
$$;
--> statement-breakpoint
-- The pairs a list filter asks for: each piece of its name with each of the labels.
CREATE FUNCTION library_pair_keys(pieces text[], label_ids int[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT p || '#' || l FROM unnest(pieces) AS p, unnest(label_ids) AS l)
$$;
--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "pairs" text[] GENERATED ALWAYS AS (library_item_pairs(terms)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "library_items_pairs_idx" ON "library_items" USING gin ("pairs");