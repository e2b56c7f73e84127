CREATE INDEX "session_created_at_idx" ON "session" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "session_updated_at_idx" ON "session" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "user_created_at_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_backlog_idx" ON "outbox" USING btree ("status","created_at") WHERE "outbox"."status" <> 'sent';--> statement-breakpoint
CREATE INDEX "overage_charges_created_idx" ON "overage_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "routes_created_idx" ON "routes" USING btree ("created_at");