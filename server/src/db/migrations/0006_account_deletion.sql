ALTER TABLE "local_invoice" DROP CONSTRAINT "local_invoice_subscription_id_local_subscription_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "local_invoice" ALTER COLUMN "subscription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_invoice" ADD CONSTRAINT "local_invoice_subscription_id_local_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."local_subscription"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_user_id_idx" ON "analytics_events" USING btree ("user_id");