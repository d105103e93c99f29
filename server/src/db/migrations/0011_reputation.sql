CREATE TABLE "reputation_feed" (
	"name" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"source_url" text,
	"refreshed_at" timestamp with time zone,
	"entries" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "reputation_feed_entry" (
	"feed" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"host" text,
	"listed_at" timestamp with time zone NOT NULL,
	"generation" integer NOT NULL,
	CONSTRAINT "reputation_feed_entry_feed_kind_value_pk" PRIMARY KEY("feed","kind","value")
);
--> statement-breakpoint
CREATE TABLE "reputation_opt_out" (
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reputation_sighting" (
	"contributor_hash" text PRIMARY KEY NOT NULL,
	"value_hash" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reputation_feed_entry" ADD CONSTRAINT "reputation_feed_entry_feed_reputation_feed_name_fk" FOREIGN KEY ("feed") REFERENCES "public"."reputation_feed"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_opt_out" ADD CONSTRAINT "reputation_opt_out_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reputation_feed_entry_value_idx" ON "reputation_feed_entry" USING btree ("value");--> statement-breakpoint
CREATE INDEX "reputation_feed_entry_host_idx" ON "reputation_feed_entry" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "reputation_opt_out_user_id_idx" ON "reputation_opt_out" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reputation_sighting_value_day_idx" ON "reputation_sighting" USING btree ("value_hash","day");--> statement-breakpoint
CREATE INDEX "reputation_sighting_day_idx" ON "reputation_sighting" USING btree ("day");