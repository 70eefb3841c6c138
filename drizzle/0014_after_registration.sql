CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_user_id" uuid,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "certificate_pdfs" (
	"certificate_id" text PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"event_id" integer,
	"recipient_name" text NOT NULL,
	"college" text NOT NULL,
	"title" text NOT NULL,
	"event_name" text,
	"place" integer,
	"mention" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"replaced_by_id" text,
	CONSTRAINT "certificates_revoked_reason" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "published_results" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"placings" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "result_placings" (
	"event_id" integer NOT NULL,
	"registration_id" uuid NOT NULL,
	"place" integer,
	"mention" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_placings_event_id_registration_id_pk" PRIMARY KEY("event_id","registration_id"),
	CONSTRAINT "result_placings_place" CHECK ("result_placings"."place" is null or "result_placings"."place" between 1 and 3),
	CONSTRAINT "result_placings_one_of" CHECK (("result_placings"."place" is null) <> ("result_placings"."mention" is null))
);
--> statement-breakpoint
CREATE TABLE "round_advancements" (
	"session_id" integer NOT NULL,
	"registration_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "round_advancements_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "participation_proof" text DEFAULT 'attendance' NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_pdfs" ADD CONSTRAINT "certificate_pdfs_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_placings" ADD CONSTRAINT "result_placings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_placings" ADD CONSTRAINT "result_placings_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_advancements" ADD CONSTRAINT "round_advancements_session_id_event_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."event_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_advancements" ADD CONSTRAINT "round_advancements_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_scan" ON "attendance" USING btree ("scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_session_user_live" ON "attendance" USING btree ("session_id","user_id") WHERE "attendance"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "attendance_user" ON "attendance" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_current" ON "certificates" USING btree ("user_id","kind",coalesce("event_id", 0)) WHERE "certificates"."revoked_at" is null and "certificates"."replaced_by_id" is null;--> statement-breakpoint
CREATE INDEX "certificates_user" ON "certificates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "certificates_event" ON "certificates" USING btree ("event_id");