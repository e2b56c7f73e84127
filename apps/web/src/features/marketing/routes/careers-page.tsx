import { Link } from "react-router";
import { Briefcase, MapPin } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const roles = [
  { title: "Senior Optimisation Engineer", team: "Routing", place: "Remote (UK/EU)", text: "Make our vehicle-routing solver faster and smarter: local search, metaheuristics and benchmarks against the literature." },
  { title: "Product Designer", team: "Product", place: "London or remote", text: "Design planning and fleet tools that drivers and dispatchers can use with one hand and no training." },
  { title: "Customer Success Manager, Fleets", team: "Customers", place: "Manchester", text: "Help delivery companies get the most out of RoutePilot today, and shape the fleet planning tools we are building next." },
];

const perks = ["Flexible hours and remote-first teams", "25 days' holiday plus bank holidays", "Learning budget of £1,000 a year", "Latest laptop and a home-office allowance"];

/** /company/careers. */
export function CareersPage() {
  return (
    <PageContainer>
      <PageHeader title="Careers" description="Help us make every journey shorter. We are a small team that ships often and cares about the people who use what we build." />
      <section aria-labelledby="open-roles-heading">
        <h2 id="open-roles-heading" className="text-2xl font-bold tracking-tight">
          Open roles
        </h2>
        <div className="mt-6 grid gap-4">
          {roles.map((role) => (
            <Card key={role.title}>
              <CardHeader>
                <div className="flex flex-wrap items-center gap-2">
                  <CardTitle as="h3">{role.title}</CardTitle>
                  <Badge variant="secondary">{role.team}</Badge>
                </div>
                <CardDescription className="flex items-center gap-1">
                  <MapPin className="size-3.5" aria-hidden="true" />
                  {role.place}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
                <p className="text-sm text-muted-foreground">{role.text}</p>
                <Button asChild variant="outline" size="sm">
                  <Link to="/company/contact" aria-label={`Apply for ${role.title}`}>
                    <Briefcase aria-hidden="true" />
                    Apply
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <section aria-labelledby="perks-heading" className="mt-12">
        <h2 id="perks-heading" className="text-2xl font-bold tracking-tight">
          Why RoutePilot
        </h2>
        <ul className="mt-4 grid gap-2 text-muted-foreground sm:grid-cols-2">
          {perks.map((perk) => (
            <li key={perk} className="rounded-lg border bg-card px-4 py-3">
              {perk}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          Don't see your role? Tell us about yourself through the{" "}
          <Link to="/company/contact" className="font-medium text-primary underline underline-offset-2">
            contact form
          </Link>
          .
        </p>
      </section>
    </PageContainer>
  );
}
