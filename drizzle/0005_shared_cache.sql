CREATE TABLE "next_cache_entries" (
	"build_id" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_modified" bigint NOT NULL,
	CONSTRAINT "next_cache_entries_build_id_key_pk" PRIMARY KEY("build_id","key")
);
--> statement-breakpoint
CREATE TABLE "next_cache_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"revalidated_at" bigint NOT NULL
);
