import { Link } from "react-router";
import { Compass, Leaf, ShieldCheck } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";

const values = [
  { icon: Compass, title: "Simple first", text: "A route plan should take seconds. We hide the maths and show you the answer." },
  { icon: Leaf, title: "Fewer miles", text: "Shorter routes save fuel, time and emissions. Every optimised day is a greener one." },
  { icon: ShieldCheck, title: "Your data stays yours", text: "We store only what we need to plan your routes, and we never sell it." },
];

/** /about and /company/about. */
export function AboutPage() {
  return (
    <PageContainer>
      <PageHeader
        eyebrow="About RoutePilot"
        title="Simplifying route planning for everyone"
        description="RoutePilot began with a courier who spent every morning ordering forty parcels by hand. Today it plans multi-stop routes for individual drivers, teams that share a monthly quota, and delivery fleets whose day of orders it splits across vans and hands to drivers on their phones."
      />
      <div className="grid gap-10">
        <section className="grid gap-4 text-muted-foreground lg:max-w-3xl">
          <p>
            Finding the best order for a handful of stops is surprisingly hard: ten stops can already be visited in more than three million different orders.
            RoutePilot's optimiser searches those possibilities for you and returns a plan that respects your customers' time windows and the time you
            spend at each stop.
          </p>
          <p>
            We build RoutePilot for people on the road: sales reps, home-care nurses, engineers and couriers. Tools for the dispatchers who plan their days
            work today: teams with a shared quota, vehicles and drivers, and multi-vehicle plans you can compare and dispatch; drivers work those plans in a driver app on their phone, with or without a signal.
          </p>
        </section>
        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-2xl font-bold tracking-tight">
            What we care about
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {values.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardContent className="p-6">
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/company/careers">Work with us</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/company/contact">Get in touch</Link>
          </Button>
        </div>
        <OsmCredit />
      </div>
    </PageContainer>
  );
}
