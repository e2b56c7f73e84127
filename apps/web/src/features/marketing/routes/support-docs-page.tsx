import { Link } from "react-router";
import { BookOpen, Building2, Map, Settings, Truck, UserRound } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";

const guides = [
  {
    icon: UserRound,
    title: "Your account",
    steps: ["Sign up with your e-mail address and verify it from the link we send.", "Change your password under Account → Security.", "Sign out from the account menu in the top bar."],
  },
  {
    icon: Settings,
    title: "Settings and saved locations",
    steps: ["Open Settings from the account menu.", "Choose Light, Dark or System theme; System follows your device.", "Add saved locations and choose default start and end points."],
  },
  {
    icon: Map,
    title: "Planning a route",
    steps: ["Enter a start point and your destinations.", "Optimise to get the shortest order.", "Open the result in your navigation app or share a read-only link."],
  },
  {
    icon: Building2,
    title: "Teams",
    steps: ["Enterprise and Fleet Pro owners create a team.", "Invite members by e-mail; they accept from the invitation link.", "Allocate part of the monthly route quota to each member."],
  },
  {
    icon: Truck,
    title: "Fleets",
    steps: ["Managers add vehicles and drivers on the Fleet dashboard.", "Plan a day's jobs across vehicles with capacities and shifts.", "Drivers follow their route in the Driver app and mark stops done."],
  },
];

/** /support-docs: step-by-step guides. */
export function SupportDocsPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Support docs" title="Guides and documentation" description="Short, step-by-step guides to get the most out of RoutePilot." />
      <div className="grid gap-6 md:grid-cols-2">
        {guides.map(({ icon: Icon, title, steps }) => (
          <Card key={title}>
            <CardHeader className="flex-row items-center gap-3">
              <Icon className="size-5 text-primary" aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </CardContent>
          </Card>
        ))}
        <Card className="md:col-span-2">
          <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
            <BookOpen className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              Looking for quick answers? See the <Link to="/help" className="font-medium text-primary underline underline-offset-2">Help Centre</Link>, or{" "}
              <Link to="/contact" className="font-medium text-primary underline underline-offset-2">contact support</Link>.
            </p>
          </CardContent>
        </Card>
      </div>
      <OsmCredit className="mt-8 text-xs text-muted-foreground" />
    </PageContainer>
  );
}
