CREATE TABLE "scan_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"note" text,
	"consent_to_use_text" boolean DEFAULT false NOT NULL,
	"engine_version" text NOT NULL,
	"risk_score" integer NOT NULL,
	"scam_type" text,
	"signals" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_share" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"scan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"include_message" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_feedback" ADD CONSTRAINT "scan_feedback_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_feedback" ADD CONSTRAINT "scan_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_share" ADD CONSTRAINT "scan_share_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_share" ADD CONSTRAINT "scan_share_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_feedback_scan_id_idx" ON "scan_feedback" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_feedback_user_id_idx" ON "scan_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scan_feedback_updated_at_idx" ON "scan_feedback" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_share_token_idx" ON "scan_share" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_share_scan_id_idx" ON "scan_share" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "scan_share_user_id_idx" ON "scan_share" USING btree ("user_id");