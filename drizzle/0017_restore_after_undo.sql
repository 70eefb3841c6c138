-- An organiser may undo a participant's cancellation while its place has not gone to anyone else
-- (lib/server/changes/undo.ts, docs/own-changes.md). The counters sold and booked keep their one writer,
-- PostgreSQL: as 0013's triggers give a cancelled order's or booking's units back at the commit, these take
-- them again when it is confirmed once more, the items locked in id order as the other triggers lock them.
-- The app has already counted, under the same locks, that the units are left.
CREATE FUNCTION "restore_merchandise_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM merchandise_variants WHERE id IN (
    SELECT variant_id FROM merchandise_order_lines WHERE order_id = NEW.id)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE merchandise_variants v SET sold = v.sold + c.quantity
    FROM (SELECT variant_id, sum(qty)::integer AS quantity FROM merchandise_order_lines
          WHERE order_id = NEW.id GROUP BY variant_id) c
    WHERE v.id = c.variant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "merchandise_orders_sales_restored_at_commit"
  AFTER UPDATE OF "status" ON "merchandise_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status = 'cancelled' AND NEW.status = 'confirmed')
  EXECUTE FUNCTION "restore_merchandise_sales"();
--> statement-breakpoint
CREATE FUNCTION "restore_accommodation_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accommodation_options SET booked = booked + 1 WHERE id = NEW.option_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "accommodation_bookings_restored_at_commit"
  AFTER UPDATE OF "status" ON "accommodation_bookings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status = 'cancelled' AND NEW.status = 'confirmed')
  EXECUTE FUNCTION "restore_accommodation_booking"();
