ALTER TABLE "accommodation_options" ADD COLUMN "is_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing options keep the order the booking screen showed them in: by start date, then length, within each type.
UPDATE "accommodation_options" AS o SET "position" = ranked.n - 1
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "type_id" ORDER BY "start_date", "days", "id") AS n
  FROM "accommodation_options"
) AS ranked
WHERE o."id" = ranked."id";
