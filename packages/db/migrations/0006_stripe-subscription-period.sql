ALTER TABLE "subscribers" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "stripe_subscription_event_at" timestamp with time zone;