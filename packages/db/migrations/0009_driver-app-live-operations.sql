CREATE TABLE "customer_message_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"enabled" text DEFAULT 'on' NOT NULL,
	"templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"route_stop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_kind_check" CHECK ("customer_messages"."kind" in ('on_its_way','next','delivered','missed')),
	CONSTRAINT "customer_messages_status_check" CHECK ("customer_messages"."status" in ('held','sent','skipped'))
);
--> statement-breakpoint
CREATE TABLE "customer_unsubscribes" (
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_unsubscribes_team_id_email_pk" PRIMARY KEY("team_id","email")
);
--> statement-breakpoint
CREATE TABLE "driver_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"driver_user_id" text NOT NULL,
	"route_id" uuid,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"heading" double precision,
	"speed" double precision,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stop_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_event_id" text NOT NULL,
	"driver_user_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"route_stop_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"reason" text,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_events_type_check" CHECK ("stop_events"."type" in ('arrived','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "stop_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"route_stop_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"uploaded_by" text,
	"kind" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"recipient_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_proofs_kind_check" CHECK ("stop_proofs"."kind" in ('photo','signature'))
);
--> statement-breakpoint
CREATE TABLE "storage_objects" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_objects_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "tracking_token" text;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "tracking_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "route_stops" ADD COLUMN "actual_leg_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "proof_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "actual_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "routes" ADD COLUMN "late_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_message_settings" ADD CONSTRAINT "customer_message_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_route_stop_id_route_stops_id_fk" FOREIGN KEY ("route_stop_id") REFERENCES "public"."route_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_unsubscribes" ADD CONSTRAINT "customer_unsubscribes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_driver_user_id_user_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_driver_user_id_user_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_events" ADD CONSTRAINT "stop_events_route_stop_id_route_stops_id_fk" FOREIGN KEY ("route_stop_id") REFERENCES "public"."route_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_proofs" ADD CONSTRAINT "stop_proofs_route_stop_id_route_stops_id_fk" FOREIGN KEY ("route_stop_id") REFERENCES "public"."route_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_proofs" ADD CONSTRAINT "stop_proofs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_proofs" ADD CONSTRAINT "stop_proofs_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_stop_kind_key" ON "customer_messages" USING btree ("route_stop_id","kind");--> statement-breakpoint
CREATE INDEX "customer_messages_held_idx" ON "customer_messages" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "driver_positions_driver_at_idx" ON "driver_positions" USING btree ("driver_user_id","at");--> statement-breakpoint
CREATE INDEX "driver_positions_team_at_idx" ON "driver_positions" USING btree ("team_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "stop_events_driver_client_key" ON "stop_events" USING btree ("driver_user_id","client_event_id");--> statement-breakpoint
CREATE INDEX "stop_events_stop_idx" ON "stop_events" USING btree ("route_stop_id","at");--> statement-breakpoint
CREATE INDEX "stop_proofs_stop_idx" ON "stop_proofs" USING btree ("route_stop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_tracking_token_key" ON "route_stops" USING btree ("tracking_token");