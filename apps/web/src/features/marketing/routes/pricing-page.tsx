import { Link } from "react-router";
import { Check } from "lucide-react";
import { formatPence, monthlyRouteLimits, OVERAGE_PENCE_PER_ROUTE, tierDisplayNames, tierOffers, tiers, type Tier } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { useAuth, useMe } from "@/lib/auth";
import { cn } from "@/lib/utils";

const POPULAR: Tier = "premium";

const pricingFaq = [
  {
    q: "What counts as a route?",
    a: "Each time you optimise a set of stops counts as one route, however many stops it has. Viewing, sharing or re-opening a saved route is free.",
  },
  {
    q: "What happens if I go over my monthly limit?",
    a: `With a payment method on file, each extra route costs ${formatPence(OVERAGE_PENCE_PER_ROUTE)} and is added to your next invoice. Without one, you are asked to upgrade before optimising more routes.`,
  },
  { q: "When does my allowance reset?", a: "Paid plans reset at the start of each billing period; the Free plan resets on the first day of each calendar month." },
  { q: "Can I change plans later?", a: "Yes. Upgrades take effect immediately; downgrades apply from your next billing period. You can cancel at any time." },
];

function priceLabel(pence: number): string {
  return pence === 0 ? "£0" : formatPence(pence);
}

/** /pricing: the four SPEC §6 tiers with their monthly route limits and the £1.00 overage. */
export function PricingPage() {
  const { user } = useAuth();
  const me = useMe();
  const currentTier = user ? me.data?.tier : undefined;

  return (
    <PageContainer size="wide">
      <PageHeader
        className="items-center text-center sm:flex-col sm:items-center [&>div]:items-center"
        title="Simple pricing for every route"
        description="Start free. Upgrade when you need more routes, a team or a whole fleet. Prices are per month and you can change plan at any time."
      />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {tiers.map((tier) => {
          const offer = tierOffers[tier];
          const isCurrent = currentTier === tier;
          return (
            <Card key={tier} className={cn("relative flex flex-col", tier === POPULAR && "border-primary shadow-md")}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle id={`tier-${tier}`}>{tierDisplayNames[tier]}</CardTitle>
                  {isCurrent ? <Badge variant="success">Current plan</Badge> : tier === POPULAR ? <Badge>Most popular</Badge> : null}
                </div>
                <CardDescription>{offer.summary}</CardDescription>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight">{priceLabel(offer.pricePence)}</span>
                  <span className="text-muted-foreground"> / month</span>
                </p>
                <p className="text-sm font-medium text-primary">{monthlyRouteLimits[tier].toLocaleString("en-GB")} routes a month</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm" aria-label={`${tierDisplayNames[tier]} features`}>
                  {offer.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                {isCurrent ? (
                  <Button variant="outline" className="w-full" disabled>
                    Your current plan
                  </Button>
                ) : user ? (
                  <Button asChild className="w-full" variant={tier === POPULAR ? "default" : "outline"}>
                    <Link to="/subscription" aria-label={`Choose ${tierDisplayNames[tier]}`}>
                      Choose {tierDisplayNames[tier]}
                    </Link>
                  </Button>
                ) : (
                  <Button asChild className="w-full" variant={tier === POPULAR ? "default" : "outline"}>
                    <Link to="/auth/sign-up" aria-label={`Get started with ${tierDisplayNames[tier]}`}>
                      {tier === "free" ? "Start for free" : "Get Started"}
                    </Link>
                  </Button>
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>

      <Card className="mt-8">
        <CardContent className="flex flex-col gap-2 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">Need a few more routes this month?</h2>
            <p className="text-sm text-muted-foreground">
              Every route above your monthly limit costs <strong className="text-foreground">{formatPence(OVERAGE_PENCE_PER_ROUTE)}</strong> per route, charged to your saved
              payment method. No surprise upgrades.
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/contact">Ask about volume pricing</Link>
          </Button>
        </CardContent>
      </Card>

      <section aria-labelledby="pricing-faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="pricing-faq-heading" className="text-2xl font-bold tracking-tight">
          Pricing questions
        </h2>
        <Accordion type="single" collapsible className="mt-4">
          {pricingFaq.map((item) => (
            <AccordionItem key={item.q} value={item.q}>
              <AccordionTrigger>{item.q}</AccordionTrigger>
              <AccordionContent>{item.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </PageContainer>
  );
}
