CREATE TABLE "subscription_tier_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tier" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_tier_changes_tier_check" CHECK ("subscription_tier_changes"."tier" in ('free','premium','enterprise','fleet_pro'))
);
--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "stop_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "stops_service_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "stops_waiting_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_tier_changes" ADD CONSTRAINT "subscription_tier_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_tier_changes_user_idx" ON "subscription_tier_changes" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE INDEX "subscription_tier_changes_changed_idx" ON "subscription_tier_changes" USING btree ("changed_at");--> statement-breakpoint
-- routes.stop_count / stops_service_s / stops_waiting_s: recomputed for the routes a statement on route_stops touched (every writer: planning, editing, dispatch, re-plan, import, deletes).
CREATE FUNCTION "route_stop_totals_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "routes" r SET "stop_count" = t.n, "stops_service_s" = t.service_s, "stops_waiting_s" = t.waiting_s
  FROM (
    SELECT i.id, count(s.id)::int AS n, coalesce(sum(s.service_s), 0)::float8 AS service_s,
      coalesce(sum(greatest(s.departure_s - s.arrival_s - s.service_s, 0)), 0)::float8 AS waiting_s
    FROM unnest(ids) AS i(id) LEFT JOIN "route_stops" s ON s.route_id = i.id
    GROUP BY i.id
  ) t
  WHERE r.id = t.id
$$;--> statement-breakpoint
CREATE FUNCTION "route_stops_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "route_stop_totals_refresh"(array(SELECT DISTINCT route_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "route_stop_totals_refresh"(array(SELECT DISTINCT route_id FROM old_rows));
  ELSE
    PERFORM "route_stop_totals_refresh"(array(SELECT route_id FROM new_rows UNION SELECT route_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "route_stops_totals_insert" AFTER INSERT ON "route_stops" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_stops_totals_trigger"();--> statement-breakpoint
CREATE TRIGGER "route_stops_totals_update" AFTER UPDATE ON "route_stops" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_stops_totals_trigger"();--> statement-breakpoint
CREATE TRIGGER "route_stops_totals_delete" AFTER DELETE ON "route_stops" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "route_stops_totals_trigger"();--> statement-breakpoint
UPDATE "routes" r SET "stop_count" = t.n, "stops_service_s" = t.service_s, "stops_waiting_s" = t.waiting_s
FROM (
  SELECT route_id, count(*)::int AS n, coalesce(sum(service_s), 0)::float8 AS service_s,
    coalesce(sum(greatest(departure_s - arrival_s - service_s, 0)), 0)::float8 AS waiting_s
  FROM "route_stops" GROUP BY route_id
) t
WHERE r.id = t.route_id;--> statement-breakpoint
-- subscription_tier_changes: one row per subscriber insert and per tier change, in the writer's transaction; clock_timestamp() so two changes in one transaction keep their order.
CREATE FUNCTION "subscription_tier_changes_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.subscription_tier IS DISTINCT FROM OLD.subscription_tier THEN
    INSERT INTO "subscription_tier_changes" ("user_id", "tier", "changed_at") VALUES (NEW.user_id, NEW.subscription_tier, clock_timestamp());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subscribers_tier_history" AFTER INSERT OR UPDATE OF "subscription_tier" ON "subscribers" FOR EACH ROW EXECUTE FUNCTION "subscription_tier_changes_trigger"();--> statement-breakpoint
-- Backfill: each subscriber's current tier since the subscriber was created (earlier changes were not recorded).
INSERT INTO "subscription_tier_changes" ("user_id", "tier", "changed_at") SELECT "user_id", "subscription_tier", "created_at" FROM "subscribers";
