ALTER TABLE "customer_unsubscribes" DROP CONSTRAINT "customer_unsubscribes_team_id_email_pk";--> statement-breakpoint
ALTER TABLE "customer_messages" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_unsubscribes" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "contact_sealed" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "contacts_sealed" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "legacy_contacts" jsonb;--> statement-breakpoint
-- Customer contacts are sealed by the server (the keys are not in the database, decision 011): the
-- plain contacts of existing plans move out of orders into legacy_contacts here; at start the
-- server seals them (and route_stops.contact, customer_messages' plain columns, unsubscribes'
-- addresses) in batches and empties the plain columns.
UPDATE "plans" SET
  "legacy_contacts" = (SELECT jsonb_object_agg(e->>'id', e->'contact') FROM jsonb_array_elements("plans"."orders") AS e WHERE jsonb_typeof(e->'contact') = 'object'),
  "orders" = (SELECT jsonb_agg(e - 'contact' ORDER BY n) FROM jsonb_array_elements("plans"."orders") WITH ORDINALITY AS t(e, n))
WHERE jsonb_typeof("orders") = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements("plans"."orders") AS e WHERE e ? 'contact');--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "customer_unsubscribes" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE INDEX "route_stops_plain_contact_idx" ON "route_stops" USING btree ("id") WHERE "route_stops"."contact" is not null;--> statement-breakpoint
CREATE INDEX "plans_legacy_contacts_idx" ON "plans" USING btree ("id") WHERE "plans"."legacy_contacts" is not null;--> statement-breakpoint
CREATE INDEX "customer_messages_plain_idx" ON "customer_messages" USING btree ("id") WHERE "customer_messages"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_unsubscribes_team_email_hash_key" ON "customer_unsubscribes" USING btree ("team_id","email_hash");