ALTER TABLE "route_stops" ADD COLUMN "match_quality" text;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "max_duration_s" integer;