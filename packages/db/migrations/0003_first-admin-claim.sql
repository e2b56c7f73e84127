CREATE TABLE "first_admin_claim" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_admin_claim_singleton" CHECK ("first_admin_claim"."id" = 1)
);
--> statement-breakpoint
-- An install that already has accounts has had its first account: record it so no later sign-up claims it.
INSERT INTO "first_admin_claim" ("id", "email") SELECT 1, "email" FROM "user" ORDER BY "created_at" LIMIT 1 ON CONFLICT DO NOTHING;
