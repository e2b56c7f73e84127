ALTER TABLE "team_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "usage_period_start" timestamp with time zone DEFAULT now() NOT NULL;