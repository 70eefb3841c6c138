-- Stock kept right at commit time (lib/server/services/stock.ts, docs/payments.md "Limited stock").
--
-- The rows of a T-shirt size and of a stay option are the ones every buyer of it queues on. A lock taken
-- by a statement is held until the commit, and the commit is a round trip to the app later, so every
-- hold and every sale used to keep the item locked for as long as its instance took to get back to it:
-- under a rush that serialised the buyers of a size. These two deferred triggers take the item's lock at
-- the commit itself, inside PostgreSQL, for the microseconds the check or the counter needs.

-- A checkout's hold of a size or a stay is checked when its transaction commits: the item's row is locked
-- and what is left counted afresh (total, less sold or booked, less every open hold including this one,
-- less the people waiting for it). More held than exists refuses the commit with SQLSTATE ST409, whose
-- detail says what was left for this hold; the whole transaction (the order with it) is undone.
-- "Now" is the hold's own created_at, which the app writes with its clock. A waiting list's offer
-- (waiting_entry_id set) is counted by the list under the item's lock instead, and is not checked here.
CREATE FUNCTION "check_stock_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_total integer;
  v_taken integer;
  v_enabled boolean;
  v_held integer;
  v_waiting integer;
  v_left integer;
BEGIN
  IF NEW.kind = 'merchandise_variant' THEN
    SELECT stock, sold, is_enabled INTO v_total, v_taken, v_enabled
      FROM merchandise_variants WHERE id = NEW.item_id FOR NO KEY UPDATE;
  ELSE
    SELECT capacity, booked, true INTO v_total, v_taken, v_enabled
      FROM accommodation_options WHERE id = NEW.item_id FOR NO KEY UPDATE;
  END IF;
  IF NOT FOUND OR NOT v_enabled THEN
    RAISE EXCEPTION USING ERRCODE = 'ST409', MESSAGE = 'stock hold refused: item not available',
      DETAIL = json_build_object('kind', NEW.kind, 'itemId', NEW.item_id, 'left', null)::text;
  END IF;
  -- Statements of their own, after the lock: each sees everything committed before it was granted.
  SELECT coalesce(sum(quantity), 0) INTO v_held FROM stock_holds
    WHERE kind = NEW.kind AND item_id = NEW.item_id AND released_at IS NULL AND converted_at IS NULL
      AND expires_at > NEW.created_at;
  SELECT count(*) INTO v_waiting FROM waiting_list_entries
    WHERE kind = NEW.kind AND item_id = NEW.item_id AND status = 'waiting';
  v_left := v_total - v_taken - v_held - v_waiting;
  IF v_left < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'ST409', MESSAGE = 'stock hold refused: not enough left',
      DETAIL = json_build_object('kind', NEW.kind, 'itemId', NEW.item_id, 'left', greatest(v_left + NEW.quantity, 0))::text;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stock_holds_checked_at_commit"
  AFTER INSERT ON "stock_holds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.waiting_entry_id IS NULL AND NEW.kind IN ('merchandise_variant', 'accommodation_option')
        AND NEW.released_at IS NULL AND NEW.converted_at IS NULL)
  EXECUTE FUNCTION "check_stock_hold"();
--> statement-breakpoint
-- An order that becomes fulfilled adds its converted holds to the sold and booked counters when its
-- transaction commits, the items' rows locked in id order (two carts sharing sizes cannot deadlock).
-- Readers see the conversion and the count together, so total - sold - open holds stays right.
CREATE FUNCTION "record_order_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM merchandise_variants WHERE id IN (
    SELECT item_id FROM stock_holds
    WHERE payment_order_id = NEW.id AND kind = 'merchandise_variant' AND converted_at IS NOT NULL)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE merchandise_variants v SET sold = v.sold + c.quantity
    FROM (SELECT item_id, sum(quantity)::integer AS quantity FROM stock_holds
          WHERE payment_order_id = NEW.id AND kind = 'merchandise_variant' AND converted_at IS NOT NULL
          GROUP BY item_id) c
    WHERE v.id = c.item_id;
  PERFORM 1 FROM accommodation_options WHERE id IN (
    SELECT item_id FROM stock_holds
    WHERE payment_order_id = NEW.id AND kind = 'accommodation_option' AND converted_at IS NOT NULL)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE accommodation_options o SET booked = o.booked + c.quantity
    FROM (SELECT item_id, sum(quantity)::integer AS quantity FROM stock_holds
          WHERE payment_order_id = NEW.id AND kind = 'accommodation_option' AND converted_at IS NOT NULL
          GROUP BY item_id) c
    WHERE o.id = c.item_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payment_orders_sales_recorded_at_commit"
  AFTER UPDATE OF "state" ON "payment_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.state = 'fulfilled' AND OLD.state IS DISTINCT FROM 'fulfilled')
  EXECUTE FUNCTION "record_order_sales"();
