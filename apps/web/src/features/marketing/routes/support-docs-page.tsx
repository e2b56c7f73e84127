import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { BookOpen, Building2, Map, Settings, Smartphone, Truck, UserRound } from "lucide-react";
import { NotAvailableYetBadge } from "@/components/layouts/not-available-yet";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";
import { ApiReference } from "@/features/marketing/components/api-reference";

type Guide = {
  icon: LucideIcon;
  title: string;
  steps: string[];
  /** A guide to a feature that is not built yet: its steps say what it will do, in the future tense. */
  notAvailableYet?: boolean;
};

const guides: Guide[] = [
  {
    icon: UserRound,
    title: "Your account",
    steps: [
      "Sign up with your e-mail address and verify it from the link we send.",
      "No password at hand? On the sign-in page, have a sign-in link or a 6-digit code e-mailed to you, or continue with an account you already have (Google, Microsoft, GitHub or your organisation's sign-on, when this server offers them). Accounts with two-factor authentication sign in with their password and code.",
      "Change your password, and link or unlink the accounts you sign in with, under Account → Security.",
      "Sign out from the account menu in the top bar.",
    ],
  },
  {
    icon: Settings,
    title: "Settings and saved locations",
    steps: ["Open Settings from the account menu.", "Choose Light, Dark or System theme; System follows your device.", "Add saved locations and choose default start and end points."],
  },
  {
    icon: Map,
    title: "Planning a route",
    steps: ["Enter a start point and your destinations.", "Optimise to get the shortest order.", "Open the result in your navigation app, export it as GPX or CSV, or share a read-only link."],
  },
  {
    icon: Building2,
    title: "Teams",
    steps: [
      "On Enterprise or Fleet Pro, open Teams and create a team.",
      "Invite members by e-mail from Team Management; they accept from the link in the invitation.",
      "Give each member part of the plan's monthly routes; their routes count against it.",
    ],
  },
  {
    icon: Truck,
    title: "Fleets",
    steps: [
      "On Fleet Pro, add your vans on Fleet › Vehicles and invite drivers from Team Management.",
      "On Route Optimization, import a day's orders (CSV or Excel), choose vans and an objective, and plan.",
      "Move or lock stops, compare variants, then dispatch: each driver gets their route by e-mail.",
    ],
  },
  {
    icon: Smartphone,
    title: "Driver app",
    steps: [
      "Open /driver on your phone (add it to the home screen to install it): your route of the day, with a map and the planned times.",
      "Tap Navigate to hand a stop to Google Maps, Apple Maps or Waze; mark it arrived, then delivered with a photo or signature, or failed with a reason.",
      "No signal? Carry on: changes are kept on the phone and sent in order when you are back online.",
    ],
  },
];

/** /support-docs: step-by-step guides and the API reference (from /api/openapi.json). */
export function SupportDocsPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Support docs" title="Guides and documentation" description="Short, step-by-step guides to get the most out of RoutePilot." />
      <div className="grid gap-6 md:grid-cols-2">
        {guides.map(({ icon: Icon, title, steps, notAvailableYet }) => (
          <Card key={title} className={notAvailableYet ? "border-dashed" : undefined}>
            <CardHeader className="flex-row flex-wrap items-center gap-3">
              <Icon className={notAvailableYet ? "size-5 text-muted-foreground" : "size-5 text-primary"} aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
              {notAvailableYet ? <NotAvailableYetBadge /> : null}
            </CardHeader>
            <CardContent>
              {notAvailableYet ? <p className="mb-2 text-sm text-muted-foreground">This feature has not been built yet. When it is:</p> : null}
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
      <ApiReference />
      <OsmCredit className="mt-8 text-xs text-muted-foreground" />
    </PageContainer>
  );
}
