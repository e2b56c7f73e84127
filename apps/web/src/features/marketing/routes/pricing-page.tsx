import { Link } from "react-router";
import { Check, Construction } from "lucide-react";
import { formatPence, monthlyRouteLimits, OVERAGE_PENCE_PER_ROUTE, tierDisplayNames, tierOffers, tiers } from "@routepilot/contracts";
import { NOT_AVAILABLE_YET, NotAvailableYetBadge } from "@/components/layouts/not-available-yet";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { useAuth, useMe } from "@/lib/auth";
import { cn } from "@/lib/utils";

const pricingFaq = [
  {
    q: "What counts as a route?",
    a: "Each time you optimise a set of stops counts as one route, however many stops it has. Viewing, sharing or re-opening a saved route is free.",
  },
  {
    q: "What happens if I go over my monthly limit?",
    a: `Today RoutePilot stops there: once you have used all the routes of your plan, it refuses to optimise further routes until your allowance resets, and no charge is made. Your saved routes stay available to view, share and export. Payments are not enabled yet; once they are, you will be able to add a payment method so that each extra route will cost ${formatPence(OVERAGE_PENCE_PER_ROUTE)} and be added to your next invoice, or to upgrade to a plan with more routes.`,
  },
  {
    q: "When does my allowance reset?",
    a: "The Free plan resets on the first day of each calendar month. Once paid plans are on sale, they will reset at the start of each billing period.",
  },
  {
    q: "Can I change plans later?",
    a: "Not yet. Payments are not enabled, so every account starts on the Free plan and no plan can be bought or cancelled; only an administrator can change a plan. Once payments are available, upgrades will take effect immediately and downgrades from your next billing period, and you will be able to cancel at any time.",
  },
];

/** Why the paid plans cannot be bought (shown above the cards and under each paid plan's button). */
const NOT_ON_SALE_REASON = "Payments are not enabled yet, so paid plans cannot be bought.";

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
        description={`Start free with ${monthlyRouteLimits.free} optimised routes a month. Paid plans are not on sale yet: the prices below are what they will cost per month once payments are enabled.`}
      />
      <Card className="mb-8" role="note" aria-labelledby="not-on-sale-heading">
        <CardContent className="flex flex-col gap-2 p-6">
          <div className="flex flex-wrap items-center gap-2">
            <NotAvailableYetBadge />
            <h2 id="not-on-sale-heading" className="text-base font-semibold">
              Paid plans and payments
            </h2>
          </div>
          <p className="text-sm text-muted-foreground">
            {NOT_ON_SALE_REASON} Every account starts on the Free plan (only an administrator can change a plan), no payment method can be stored and no invoices are issued. Features marked “not
            available yet” are still being built.
          </p>
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {tiers.map((tier) => {
          const offer = tierOffers[tier];
          const isCurrent = currentTier === tier;
          return (
            <Card key={tier} role="group" aria-labelledby={`tier-${tier}`} className={cn("relative flex flex-col", offer.onSale && "border-primary shadow-md")}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle id={`tier-${tier}`}>{tierDisplayNames[tier]}</CardTitle>
                  {isCurrent ? <Badge variant="success">Current plan</Badge> : null}
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
                  {offer.features.map((feature) =>
                    feature.available ? (
                      <li key={feature.text} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        <span>{feature.text}</span>
                      </li>
                    ) : (
                      <li key={feature.text} className="flex gap-2 text-muted-foreground">
                        <Construction className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span>
                          {feature.text} <span className="whitespace-nowrap">({NOT_AVAILABLE_YET.toLowerCase()})</span>
                        </span>
                      </li>
                    ),
                  )}
                </ul>
              </CardContent>
              <CardFooter className="flex-col items-stretch gap-2">
                {isCurrent ? (
                  <Button variant="outline" className="w-full" disabled>
                    Your current plan
                  </Button>
                ) : !offer.onSale ? (
                  <>
                    <Button variant="outline" className="w-full" disabled aria-describedby={`tier-${tier}-not-on-sale`}>
                      Not on sale yet
                    </Button>
                    <p id={`tier-${tier}-not-on-sale`} className="text-center text-xs text-muted-foreground">
                      {NOT_ON_SALE_REASON}
                    </p>
                  </>
                ) : user ? (
                  <Button asChild className="w-full" variant="outline">
                    <Link to="/subscription">See your plan</Link>
                  </Button>
                ) : (
                  <Button asChild className="w-full">
                    <Link to="/auth/sign-up" aria-label={`Get started with ${tierDisplayNames[tier]}`}>
                      Start for free
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
              Not yet: today RoutePilot stops optimising once your monthly routes are used up, and charges nothing. Once payments are enabled, every route above
              your monthly limit will cost <strong className="text-foreground">{formatPence(OVERAGE_PENCE_PER_ROUTE)}</strong>, charged to a payment method you
              save. No surprise upgrades.
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
