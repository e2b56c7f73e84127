-- SPEC §7 increment_route_usage and the monthly usage period (DESIGN.md §4).

-- Start of the usage period that contains at_time. Accounts without a Stripe customer use the
-- calendar month (UTC); paying accounts keep their anchor and advance it by whole months.
-- Never earlier than the stored anchor, so an account created mid-month keeps its first period.
CREATE OR REPLACE FUNCTION route_usage_period_start(anchor timestamptz, anchored boolean, at_time timestamptz DEFAULT now())
RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  months integer;
  candidate timestamptz;
BEGIN
  IF anchor >= at_time THEN
    RETURN anchor;
  END IF;
  IF NOT anchored THEN
    candidate := date_trunc('month', at_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  ELSE
    months := (extract(year FROM age(at_time, anchor)) * 12 + extract(month FROM age(at_time, anchor)))::integer;
    candidate := anchor + make_interval(months => months);
    IF candidate > at_time THEN
      candidate := anchor + make_interval(months => months - 1);
    END IF;
  END IF;
  RETURN greatest(candidate, anchor);
END
$$;
--> statement-breakpoint
-- Counts one optimised route for the user: starts a new period when the old one is over, then
-- adds one, in a single UPDATE (the row lock serialises concurrent calls; no count is lost).
-- overage_amount is what this route costs above the limit, in pence (100, or 0 within the limit).
CREATE OR REPLACE FUNCTION increment_route_usage(user_uuid text)
RETURNS TABLE (routes_used integer, monthly_limit integer, overage_routes integer, overage_amount integer, period_start timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  UPDATE subscribers AS s
  SET
    routes_used_this_period = CASE
      WHEN route_usage_period_start(s.current_period_start, s.stripe_customer_id IS NOT NULL) > s.current_period_start THEN 1
      ELSE s.routes_used_this_period + 1
    END,
    current_period_start = route_usage_period_start(s.current_period_start, s.stripe_customer_id IS NOT NULL),
    updated_at = now()
  WHERE s.user_id = user_uuid
  RETURNING
    s.routes_used_this_period,
    s.monthly_route_limit,
    greatest(s.routes_used_this_period - s.monthly_route_limit, 0),
    CASE WHEN s.routes_used_this_period > s.monthly_route_limit THEN 100 ELSE 0 END,
    s.current_period_start;
END
$$;
