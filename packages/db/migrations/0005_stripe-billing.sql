CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "overage_charges" ADD COLUMN "stripe_invoice_item_id" text;--> statement-breakpoint
CREATE INDEX "overage_charges_invoice_item_idx" ON "overage_charges" USING btree ("stripe_invoice_item_id");