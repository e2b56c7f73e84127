import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ArrowRight, HelpCircle, History, MapPin, Route, Settings } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/lib/auth";
import { PlanUsageCard } from "@/features/dashboard/components/plan-usage-card";
import { FleetRoleNotice } from "@/features/dashboard/components/fleet-role-notice";
import { FLEET_ROLE_NOTICE } from "@/features/dashboard/lib/notices";

export const EMAIL_VERIFIED_TOAST = "Your e-mail address has been verified.";

const links = [
  { to: "/settings", label: "Settings", description: "Theme, units, language and defaults.", icon: Settings },
  { to: "/settings#saved-locations", label: "Saved locations", description: "Home, depot and places you visit often.", icon: MapPin },
  { to: "/route-history", label: "Route history", description: "Routes you have optimised before.", icon: History },
  { to: "/help", label: "Help & Support", description: "Answers to common questions.", icon: HelpCircle },
];

/** `?verified=1` after the verification link: toast once, refresh the session, tidy the URL. */
function useVerifiedToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { refetch } = useAuth();
  const verified = searchParams.get("verified") === "1";
  useEffect(() => {
    if (!verified) return;
    toast.success(EMAIL_VERIFIED_TOAST, { id: "email-verified" });
    void refetch({ query: { disableCookieCache: true } });
    setSearchParams(
      (params) => {
        params.delete("verified");
        return params;
      },
      { replace: true },
    );
  }, [verified, refetch, setSearchParams]);
}

/** /dashboard: plan usage and where to go next (the planner is the signed-in home at /). */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  useVerifiedToast();
  const title = "Dashboard";

  return (
    <PageContainer>
      {searchParams.get("notice") === FLEET_ROLE_NOTICE ? <FleetRoleNotice /> : null}
      <PageHeader title={title} description="Plan efficient multi-stop routes, keep your favourite places close and see how much of your plan you have used." />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Route className="size-5" aria-hidden="true" />
              </span>
              <CardTitle>Plan a route</CardTitle>
            </div>
            <CardDescription>
              Enter a start point and your destinations and RoutePilot puts the stops in the shortest order, shows the route on the map and hands it to
              your navigation app.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm text-muted-foreground sm:grid-cols-3">
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">1. Start</p>
              <p>Pick a saved location or type an address.</p>
            </div>
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">2. Add stops</p>
              <p>As many destinations as your day needs.</p>
            </div>
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">3. Optimise</p>
              <p>Get the best order, distance and time.</p>
            </div>
          </CardContent>
          <CardFooter>
            {/* The first screen after sign-up: the planner is one click away. */}
            <Button asChild size="lg">
              <Link to="/">
                <Route aria-hidden="true" />
                Plan a route
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        </Card>
        <PlanUsageCard />
      </div>
      <nav aria-label="Quick links" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {links.map(({ to, label, description, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary hover:bg-accent">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            <p className="mt-3 flex items-center gap-1 font-semibold">
              {label}
              <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden="true" />
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </Link>
        ))}
      </nav>
    </PageContainer>
  );
}
