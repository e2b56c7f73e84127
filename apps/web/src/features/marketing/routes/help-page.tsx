import { Link } from "react-router";
import { BookOpen, MessageSquare } from "lucide-react";
import { monthlyRouteLimits, OVERAGE_PENCE_PER_ROUTE } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useFormat, type Formatter } from "@/lib/format";
import { OsmCredit } from "@/features/marketing/components/osm-credit";

/** The questions and answers, with limits and prices written by `format`. */
const sectionsFor = (format: Formatter): { title: string; items: { q: string; a: string }[] }[] => [
  {
    title: "Getting started",
    items: [
      { q: "How do I create an account?", a: "Choose Get Started, enter your name, e-mail address and a password. You are signed in straight away; we also send a link to verify your e-mail address." },
      { q: "I did not receive the verification e-mail.", a: "Check your spam folder first. While signed in, use “Resend e-mail” in the yellow banner at the top of the page to send a new link." },
      { q: "How do I reset a forgotten password?", a: "On the sign-in page choose “Forgot your password?”, enter your e-mail address and follow the link we send you to choose a new password." },
    ],
  },
  {
    title: "Planning routes",
    items: [
      { q: "How does route optimisation work?", a: "You give RoutePilot a start point and the places you need to visit. It calculates travel distances and times between every pair of stops and finds the order with the shortest total." },
      { q: "What are saved locations?", a: "Places you use often, such as home, your depot or regular customers. Save them under Settings → Saved locations and pick them as default start and end points." },
      { q: "Can I show distances in kilometres?", a: "Yes. Under Settings → Language and region, choose Miles or Kilometres. Every distance in RoutePilot follows that choice." },
      { q: "Where do the maps come from?", a: "Maps are drawn from OpenStreetMap, the free world map made by volunteers. Map data © OpenStreetMap contributors." },
    ],
  },
  {
    title: "Plans and billing",
    items: [
      {
        q: "How many routes can I plan?",
        a: `Every account starts on the Free plan, with ${format.number(monthlyRouteLimits.free)} optimised routes a month; the allowance resets on the first day of each calendar month. Premium includes ${format.number(monthlyRouteLimits.premium)} routes a month, Enterprise ${format.number(monthlyRouteLimits.enterprise)} and Fleet Pro ${format.number(monthlyRouteLimits.fleet_pro)}; paid plans reset at the start of each billing period.`,
      },
      {
        q: "What if I need more routes than my plan includes?",
        a: `Without a card on file, RoutePilot stops optimising new routes once your monthly allowance is used up, until it resets; nothing is charged, and your saved routes stay available. With a card on file (saved when you buy a plan online), each extra route costs ${format.money(OVERAGE_PENCE_PER_ROUTE)} and appears on your next invoice and on your Subscription page.`,
      },
      {
        q: "Can I upgrade or change my plan?",
        a: "Open Subscription (or Pricing) and choose a plan: payment is taken securely by Stripe, and your new allowance applies as soon as the payment is confirmed. Manage billing changes the plan, updates your card, shows invoices and cancels. If this RoutePilot server has no online payments set up, the Subscription page says so: an administrator changes plans instead, and the contact page reaches them.",
      },
      { q: "Where can I see my usage?", a: "Your dashboard shows how many routes you have used this month and how many are left." },
    ],
  },
  {
    title: "Teams and fleets",
    items: [
      {
        q: "Can I create a team?",
        a: "Yes, on the Enterprise and Fleet Pro plans. Open Teams, name your team and invite colleagues by e-mail; they join from the link in the invitation. On Team Management you give each member part of your plan's monthly routes, change roles, and see the routes your members plan. Anyone invited can join a team, whatever their own plan.",
      },
      {
        q: "What are the driver and manager roles?",
        a: "On a Fleet Pro team, managers (and the owner and admins) add vehicles and drivers on the Fleet pages, plan a day's orders across the vans on Route Optimization and dispatch each route to a driver, who is told by e-mail and in the bell. Drivers open the Driver app (/driver) on their phone: their route of the day with a map, each stop marked arrived, delivered (with a photo or signature) or failed, also without a signal, and their position shared while the route runs. Roles are given on Team Management.",
      },
    ],
  },
];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** /help: frequently asked questions in an accordion. */
export function HelpPage() {
  const sections = sectionsFor(useFormat());
  return (
    <PageContainer size="narrow">
      <PageHeader title="Help & Support" description="Answers to the questions we hear most often. Can't find yours? We're happy to help." />
      <div className="grid gap-10">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={`help-${slug(section.title)}`}>
            <h2 id={`help-${slug(section.title)}`} className="text-xl font-semibold tracking-tight">
              {section.title}
            </h2>
            <Accordion type="multiple" className="mt-2">
              {section.items.map((item) => (
                <AccordionItem key={item.q} value={item.q}>
                  <AccordionTrigger>{item.q}</AccordionTrigger>
                  <AccordionContent>{item.a}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <Card>
          <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold">Still stuck?</h2>
              <p className="text-sm text-muted-foreground">Read the step-by-step guides or send us a message.</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/support-docs">
                  <BookOpen aria-hidden="true" />
                  Support docs
                </Link>
              </Button>
              <Button asChild>
                <Link to="/contact">
                  <MessageSquare aria-hidden="true" />
                  Contact support
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
        <OsmCredit />
      </div>
    </PageContainer>
  );
}
