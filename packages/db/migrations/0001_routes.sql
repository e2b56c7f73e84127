CREATE TABLE "overage_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"billing_period_start" timestamp with time zone NOT NULL,
	"billing_period_end" timestamp with time zone NOT NULL,
	"overage_routes" integer NOT NULL,
	"amount_charged" integer NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"input_index" integer NOT NULL,
	"label" text NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"service_s" integer DEFAULT 0 NOT NULL,
	"time_window_start" integer,
	"time_window_end" integer,
	"arrival_s" double precision NOT NULL,
	"departure_s" double precision NOT NULL,
	"leg_distance_m" double precision NOT NULL,
	"leg_duration_s" double precision NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"proof_object_key" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "route_stops_status_check" CHECK ("route_stops"."status" in ('pending','arrived','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"team_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"profile" text DEFAULT 'car' NOT NULL,
	"round_trip" boolean DEFAULT false NOT NULL,
	"departure_time" text DEFAULT '09:00' NOT NULL,
	"start" jsonb NOT NULL,
	"end" jsonb,
	"unassigned" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"distance_m" double precision NOT NULL,
	"duration_s" double precision NOT NULL,
	"end_arrival_s" double precision,
	"end_leg_distance_m" double precision,
	"end_leg_duration_s" double precision,
	"original_distance_m" double precision,
	"geometry" text,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_status_check" CHECK ("routes"."status" in ('planned','in_progress','completed')),
	CONSTRAINT "routes_profile_check" CHECK ("routes"."profile" in ('car','van','truck','bicycle','foot'))
);
--> statement-breakpoint
CREATE TABLE "usage_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"quota_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_warnings" (
	"user_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_warnings_user_id_period_start_kind_pk" PRIMARY KEY("user_id","period_start","kind"),
	CONSTRAINT "usage_warnings_kind_check" CHECK ("usage_warnings"."kind" in ('usage_warning_80','usage_warning_100'))
);
--> statement-breakpoint
ALTER TABLE "overage_charges" ADD CONSTRAINT "overage_charges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_shares" ADD CONSTRAINT "route_shares_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_logs" ADD CONSTRAINT "usage_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_warnings" ADD CONSTRAINT "usage_warnings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overage_charges_user_idx" ON "overage_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "route_shares_token_key" ON "route_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "route_shares_route_idx" ON "route_shares" USING btree ("route_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_route_sequence_key" ON "route_stops" USING btree ("route_id","sequence");--> statement-breakpoint
CREATE INDEX "routes_user_created_idx" ON "routes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_logs_user_idx" ON "usage_logs" USING btree ("user_id","created_at");