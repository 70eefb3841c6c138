-- A participant's T-shirt size change (lib/server/changes/size-change.ts, docs/own-changes.md): an order
-- line of a confirmed order moves to another size of the same product. The counters keep their one
-- writer, PostgreSQL: when the line's variant changes, its units leave the old size's sold and join the
-- new size's, at the commit, the two sizes locked in id order as the sales triggers lock them. The app
-- has counted what is left of the new size under its lock first (the inventory's rule); the check
-- merchandise_sold_within_stock refuses the commit should anything still overflow.
CREATE FUNCTION "move_merchandise_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM merchandise_variants WHERE id IN (OLD.variant_id, NEW.variant_id)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE merchandise_variants SET sold = greatest(sold - OLD.qty, 0) WHERE id = OLD.variant_id;
  UPDATE merchandise_variants SET sold = sold + NEW.qty WHERE id = NEW.variant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a confirmed order's line counts in sold; a line is moved only while its order is confirmed (the
-- app locks the order and checks it), and a cancelled order's lines are never moved.
CREATE CONSTRAINT TRIGGER "merchandise_order_lines_sale_moved_at_commit"
  AFTER UPDATE OF "variant_id" ON "merchandise_order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.variant_id IS DISTINCT FROM NEW.variant_id)
  EXECUTE FUNCTION "move_merchandise_sale"();
