CREATE TABLE "participant_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"payment_order_id" uuid,
	"refund_paise" integer DEFAULT 0 NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" uuid,
	CONSTRAINT "participant_changes_refund" CHECK ("participant_changes"."refund_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accommodation_types" ADD COLUMN "changes_freeze_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accommodation_types" ADD COLUMN "refund_policy" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodation_types" ADD COLUMN "refund_percent" integer;--> statement-breakpoint
ALTER TABLE "accommodation_types" ADD COLUMN "refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "changes_freeze_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_policy" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_percent" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_products" ADD COLUMN "changes_freeze_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_products" ADD COLUMN "refund_policy" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_products" ADD COLUMN "refund_percent" integer;--> statement-breakpoint
ALTER TABLE "merchandise_products" ADD COLUMN "refund_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participant_changes" ADD CONSTRAINT "participant_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_changes" ADD CONSTRAINT "participant_changes_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_changes" ADD CONSTRAINT "participant_changes_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participant_changes_live_cancel" ON "participant_changes" USING btree ("entity","entity_id") WHERE "participant_changes"."action" = 'cancel' and "participant_changes"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "participant_changes_created" ON "participant_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "accommodation_types" ADD CONSTRAINT "accommodation_types_refund_percent" CHECK (("accommodation_types"."refund_policy" = 'percent') = ("accommodation_types"."refund_percent" is not null) and coalesce("accommodation_types"."refund_percent" between 1 and 100, true));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_refund_percent" CHECK (("events"."refund_policy" = 'percent') = ("events"."refund_percent" is not null) and coalesce("events"."refund_percent" between 1 and 100, true));--> statement-breakpoint
ALTER TABLE "merchandise_products" ADD CONSTRAINT "merchandise_products_refund_percent" CHECK (("merchandise_products"."refund_policy" = 'percent') = ("merchandise_products"."refund_percent" is not null) and coalesce("merchandise_products"."refund_percent" between 1 and 100, true));