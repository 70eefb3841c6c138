-- The inventory's rules, each written once (lib/server/inventory, docs/inventory.md). Every reader in the
-- app and every check at commit calls these; adding a kind of limited item adds a branch to
-- inventory_items and to inventory_lock_item, nothing else here.

-- What each kind of limited item is, as a row: its limit (null: unlimited) and the units it has given for
-- good (sold, booked, or, for a participation option, counted from its confirmed registrations), and
-- whether it may be held at all (a T-shirt size switched off may not).
CREATE VIEW "inventory_items" AS
  SELECT 'merchandise_variant'::text AS kind, v.id AS item_id, v.stock AS total, v.sold AS taken,
         v.is_enabled AS enabled
    FROM merchandise_variants v
  UNION ALL
  SELECT 'accommodation_option'::text, o.id, o.capacity, o.booked, true
    FROM accommodation_options o
  UNION ALL
  SELECT 'participation_option'::text, p.id, p.place_limit,
         (SELECT count(*)::integer FROM registrations r
           WHERE r.participation_id = p.id AND r.status = 'confirmed'),
         true
    FROM participation_options p;
--> statement-breakpoint
-- An active hold keeps its units from everyone else: neither given back, nor become a sale, nor past its
-- time at `at` (the app's clock). A plain SQL expression, so PostgreSQL inlines it and the partial index
-- stock_holds_open_item still serves the filter.
CREATE FUNCTION "inventory_hold_active"(released_at timestamptz, converted_at timestamptz,
                                        expires_at timestamptz, at timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT released_at IS NULL AND converted_at IS NULL AND expires_at > at $$;
--> statement-breakpoint
-- Locks an item's row until the commit and answers whether it exists. 'no key update': it serialises
-- every hold, count and counter write of the item, yet lets a settlement insert rows that point at the
-- item (order lines, bookings, registrations, whose foreign keys take a key-share lock on it) meanwhile.
CREATE FUNCTION "inventory_lock_item"(p_kind text, p_item integer)
  RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  CASE p_kind
    WHEN 'merchandise_variant' THEN
      PERFORM 1 FROM merchandise_variants WHERE id = p_item FOR NO KEY UPDATE;
    WHEN 'accommodation_option' THEN
      PERFORM 1 FROM accommodation_options WHERE id = p_item FOR NO KEY UPDATE;
    WHEN 'participation_option' THEN
      PERFORM 1 FROM participation_options WHERE id = p_item FOR NO KEY UPDATE;
  END CASE;
  RETURN FOUND;
END $$;
--> statement-breakpoint
-- What is left of an item: its limit, less what it has given, less the units of active holds (without
-- those of one order, or of one account's orders, when given: a buyer's own holds count as left to
-- them), less the people waiting in its list unless p_count_waiting is false (the list's own count of
-- what it may offer). Null for an unlimited item; may be negative (more held than exists: refused).
-- STABLE: every statement in it reads the calling statement's snapshot, so a count made after the item's
-- lock sees registrations, sales, holds and waiting entries as of one moment.
CREATE FUNCTION "inventory_units_left"(p_kind text, p_item integer, p_at timestamptz,
                                       p_except_order uuid, p_except_user uuid, p_count_waiting boolean)
  RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_total integer;
  v_taken integer;
  v_held integer;
  v_waiting integer := 0;
BEGIN
  SELECT total, taken INTO v_total, v_taken FROM inventory_items WHERE kind = p_kind AND item_id = p_item;
  IF v_total IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(h.quantity), 0)::integer INTO v_held FROM stock_holds h
    WHERE h.kind = p_kind AND h.item_id = p_item
      AND inventory_hold_active(h.released_at, h.converted_at, h.expires_at, p_at)
      AND (p_except_order IS NULL OR h.payment_order_id IS DISTINCT FROM p_except_order)
      AND (p_except_user IS NULL OR NOT EXISTS (
            SELECT 1 FROM payment_orders o WHERE o.id = h.payment_order_id AND o.user_id = p_except_user));
  IF p_count_waiting THEN
    SELECT count(*)::integer INTO v_waiting FROM waiting_list_entries w
      WHERE w.kind = p_kind AND w.item_id = p_item AND w.status = 'waiting';
  END IF;
  RETURN v_total - v_taken - v_held - v_waiting;
END $$;
--> statement-breakpoint
-- The check at commit of a size's or a stay's hold (drizzle/0012), now on the one rule: the item locked,
-- what is left counted afresh with this hold among the active ones ("now" is the hold's own created_at,
-- written with the app's clock). Refusals as before: SQLSTATE ST409, the detail naming the item and what
-- was left for this hold (null when the item is gone or switched off).
CREATE OR REPLACE FUNCTION "check_stock_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_enabled boolean;
  v_left integer;
BEGIN
  IF NOT inventory_lock_item(NEW.kind, NEW.item_id) THEN
    v_enabled := false;
  ELSE
    SELECT enabled INTO v_enabled FROM inventory_items WHERE kind = NEW.kind AND item_id = NEW.item_id;
  END IF;
  IF NOT coalesce(v_enabled, false) THEN
    RAISE EXCEPTION USING ERRCODE = 'ST409', MESSAGE = 'stock hold refused: item not available',
      DETAIL = json_build_object('kind', NEW.kind, 'itemId', NEW.item_id, 'left', null)::text;
  END IF;
  -- A statement of its own, after the lock: it sees everything committed before the lock was granted.
  v_left := inventory_units_left(NEW.kind, NEW.item_id, NEW.created_at, null, null, true);
  IF v_left < 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'ST409', MESSAGE = 'stock hold refused: not enough left',
      DETAIL = json_build_object('kind', NEW.kind, 'itemId', NEW.item_id, 'left', greatest(v_left + NEW.quantity, 0))::text;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counters sold and booked have one writer, PostgreSQL: record_order_sales (drizzle/0012) adds an
-- order's converted holds when it becomes fulfilled; these give them back when a confirmed T-shirt order
-- or booking is cancelled (an organiser's refund today, a participant's cancellation tomorrow), at the
-- commit, the items locked in id order as the sales trigger locks them.
CREATE FUNCTION "release_merchandise_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM merchandise_variants WHERE id IN (
    SELECT variant_id FROM merchandise_order_lines WHERE order_id = NEW.id)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE merchandise_variants v SET sold = greatest(v.sold - c.quantity, 0)
    FROM (SELECT variant_id, sum(qty)::integer AS quantity FROM merchandise_order_lines
          WHERE order_id = NEW.id GROUP BY variant_id) c
    WHERE v.id = c.variant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "merchandise_orders_sales_released_at_commit"
  AFTER UPDATE OF "status" ON "merchandise_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status = 'confirmed' AND NEW.status = 'cancelled')
  EXECUTE FUNCTION "release_merchandise_sales"();
--> statement-breakpoint
CREATE FUNCTION "release_accommodation_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accommodation_options SET booked = greatest(booked - 1, 0) WHERE id = NEW.option_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accommodation_bookings_released_at_commit"
  AFTER UPDATE OF "status" ON "accommodation_bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status = 'confirmed' AND NEW.status = 'cancelled')
  EXECUTE FUNCTION "release_accommodation_booking"();
