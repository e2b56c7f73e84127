ALTER TABLE "routes" ADD COLUMN "original_duration_s" double precision;--> statement-breakpoint
CREATE INDEX "routes_team_created_idx" ON "routes" USING btree ("team_id","created_at");