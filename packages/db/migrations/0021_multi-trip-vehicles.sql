-- Multi-trip vehicles (issue 26): a vehicle may go back to its start depot to reload, up to max_trips trips a shift, spending reload_minutes there each time; a dispatched route keeps its reloads (routes.reloads) for the driver, the live view and the exports.
ALTER TABLE "routes" ADD COLUMN "reloads" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "max_trips" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "reload_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_max_trips_check" CHECK ("vehicles"."max_trips" between 1 and 10);--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_reload_minutes_check" CHECK ("vehicles"."reload_minutes" between 0 and 240);