CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team_name" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ALTER COLUMN "payment_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD COLUMN "waiting_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_live_entry" ON "waiting_list_entries" USING btree ("kind","item_id","user_id") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_line" ON "waiting_list_entries" USING btree ("kind","item_id","created_at","id") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_offers" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waiting_list_user" ON "waiting_list_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_waiting_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("waiting_entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_waiting_entry" ON "stock_holds" USING btree ("waiting_entry_id");--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_hold_owner" CHECK ("stock_holds"."payment_order_id" is not null or "stock_holds"."waiting_entry_id" is not null);