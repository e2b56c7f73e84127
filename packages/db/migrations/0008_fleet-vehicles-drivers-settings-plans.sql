CREATE TABLE "fleet_drivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"phone" text,
	"licence_number" text,
	"default_vehicle_id" uuid,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"working_days" jsonb DEFAULT '["mon","tue","wed","thu","fri"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"capacity_dimensions" jsonb DEFAULT '["units"]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" text,
	"date" date NOT NULL,
	"objective" text DEFAULT 'min_time' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vehicle_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"locks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"parent_plan_id" uuid,
	"name" text,
	"dispatched_at" timestamp with time zone,
	"solved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_status_check" CHECK ("plans"."status" in ('queued','solving','done','failed')),
	CONSTRAINT "plans_objective_check" CHECK ("plans"."objective" in ('min_time','min_vehicles','balance'))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plate" text,
	"profile" text DEFAULT 'van' NOT NULL,
	"capacity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shift_start" text NOT NULL,
	"shift_end" text NOT NULL,
	"start" jsonb,
	"end" jsonb,
	"max_stops" integer,
	"max_driving_minutes" integer,
	"max_distance_km" double precision,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fixed_cost_pence" integer DEFAULT 0 NOT NULL,
	"cost_per_hour_pence" integer DEFAULT 0 NOT NULL,
	"vin" text,
	"insurance_policy" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_profile_check" CHECK ("vehicles"."profile" in ('car','van','truck','bicycle'))
);
--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "driver_user_id" text;--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_drivers" ADD CONSTRAINT "fleet_drivers_default_vehicle_id_vehicles_id_fk" FOREIGN KEY ("default_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_settings" ADD CONSTRAINT "fleet_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_parent_plan_id_plans_id_fk" FOREIGN KEY ("parent_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_drivers_team_user_key" ON "fleet_drivers" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "fleet_drivers_user_idx" ON "fleet_drivers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plans_team_date_idx" ON "plans" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "plans_parent_idx" ON "plans" USING btree ("parent_plan_id");--> statement-breakpoint
CREATE INDEX "vehicles_team_idx" ON "vehicles" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_driver_user_id_user_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "routes_driver_idx" ON "routes" USING btree ("driver_user_id","created_at");--> statement-breakpoint
CREATE INDEX "routes_plan_idx" ON "routes" USING btree ("plan_id");