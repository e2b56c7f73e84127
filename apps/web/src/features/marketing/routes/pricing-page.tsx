import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TFunction } from "i18next";
import { Check, Construction } from "lucide-react";
import { monthlyRouteLimits, OVERAGE_PENCE_PER_ROUTE, tierDisplayNames, tierOffers, tiers, type BillingPlans, type PaidTier, type Tier } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { useAuth, useMe } from "@/lib/auth";
import { useFormat, type Formatter } from "@/lib/format";
import { Trans, useTranslation } from "@/lib/i18n";
import { cn } from "@/lib/utils";

type MarketingT = TFunction<"marketing">;

function pricingFaq(online: boolean, format: Formatter, t: MarketingT) {
  const price = format.money(OVERAGE_PENCE_PER_ROUTE);
  return [
    { q: t("pricing.faq.route.q"), a: t("pricing.faq.route.a") },
    { q: t("pricing.faq.over.q"), a: online ? t("pricing.faq.over.online", { price }) : t("pricing.faq.over.offline") },
    { q: t("pricing.faq.reset.q"), a: online ? t("pricing.faq.reset.online") : t("pricing.faq.reset.offline") },
    { q: t("pricing.faq.change.q"), a: online ? t("pricing.faq.change.online") : t("pricing.faq.change.offline") },
  ];
}

/** Each tier's summary (the contracts' `tierOffers[tier].summary`, in the reader's language). */
const tierSummaryKeys = {
  free: "pricing.tiers.free",
  premium: "pricing.tiers.premium",
  enterprise: "pricing.tiers.enterprise",
  fleet_pro: "pricing.tiers.fleet_pro",
} as const satisfies Record<Tier, string>;

type FeatureKey =
  | "pricing.features.routes"
  | "pricing.features.saved"
  | "pricing.features.history"
  | "pricing.features.sharing"
  | "pricing.features.handOff"
  | "pricing.features.everythingIn"
  | "pricing.features.analytics"
  | "pricing.features.teams"
  | "pricing.features.teamManagement"
  | "pricing.features.fleet"
  | "pricing.features.driverApp";

/**
 * The lines of `tierOffers[tier].features`, in order, as catalogue keys: the route limit comes from
 * `monthlyRouteLimits` and "Everything in …" names the tier below. In English each line reads
 * exactly as the contracts' text (marketing-honesty.test.tsx); a line without a key shows that text.
 */
const tierFeatureKeys: Record<Tier, readonly FeatureKey[]> = {
  free: ["pricing.features.routes", "pricing.features.saved", "pricing.features.history", "pricing.features.sharing", "pricing.features.handOff"],
  premium: ["pricing.features.routes", "pricing.features.everythingIn", "pricing.features.analytics"],
  enterprise: ["pricing.features.routes", "pricing.features.everythingIn", "pricing.features.teams", "pricing.features.teamManagement"],
  fleet_pro: ["pricing.features.routes", "pricing.features.everythingIn", "pricing.features.fleet", "pricing.features.driverApp"],
};

/** A tier's offer lines in the reader's language, with whether each is built. */
function featureLines(tier: Tier, format: Formatter, t: MarketingT): { text: string; available: boolean }[] {
  const below = tiers[tiers.indexOf(tier) - 1];
  const values = { count: monthlyRouteLimits[tier], routes: format.number(monthlyRouteLimits[tier]), plan: below ? tierDisplayNames[below] : "" };
  return tierOffers[tier].features.map((feature, index) => {
    const key = tierFeatureKeys[tier][index];
    return { text: key ? t(key, values) : feature.text, available: feature.available };
  });
}

type PricingPageProps = {
  /** GET /api/billing/plans: whether plans are sold online here, and which (undefined while loading). */
  sales?: BillingPlans;
  /** The signed-in user's button for a paid plan (Checkout, portal or contact), composed in by the app. */
  planAction?: (tier: PaidTier) => ReactNode;
};

const isPaid = (tier: Tier): tier is PaidTier => tier !== "free";

/**
 * /pricing: the four SPEC §6 tiers with their monthly route limits and the £1.00 overage. Where
 * plans are not sold online, the page says once how plans change here and the cards offer only
 * what can really be done (sign up, see your plan): no button for something that cannot happen.
 */
export function PricingPage({ sales, planAction }: PricingPageProps) {
  const { t } = useTranslation("marketing");
  const { user } = useAuth();
  const me = useMe();
  const format = useFormat();
  const currentTier = user ? me.data?.tier : undefined;
  const online = sales?.billingEnabled === true;
  const offline = sales !== undefined && !online;

  /** A card's footer: what this visitor can do about this plan, or nothing (null) when there is nothing to do here. */
  function planFooter(tier: Tier): ReactNode {
    const isCurrent = currentTier === tier;
    const startFree = (
      <Button asChild className="w-full">
        <Link to="/auth/sign-up" aria-label={t("pricing.startFreeLabel", { plan: tierDisplayNames[tier] })}>
          {t("pricing.startFree")}
        </Link>
      </Button>
    );
    const seeYourPlan = (
      <Button asChild className="w-full" variant="outline">
        <Link to="/subscription">{t("pricing.seePlan")}</Link>
      </Button>
    );
    // While the plans load, only what holds either way.
    if (!sales) return !user && !isPaid(tier) ? startFree : null;
    if (offline) {
      // The note above the cards says how plans change here; a card has no plan action.
      if (isCurrent) return seeYourPlan;
      return !user && !isPaid(tier) ? startFree : null;
    }
    if (isCurrent) {
      return (
        <Button variant="outline" className="w-full" disabled>
          {t("pricing.yourPlan")}
        </Button>
      );
    }
    if (!isPaid(tier)) return user ? seeYourPlan : startFree;
    if (user && planAction) return planAction(tier);
    const onSale = sales.purchasableTiers.includes(tier);
    if (onSale && user) {
      return (
        <Button variant="outline" className="w-full" disabled>
          {t("pricing.loading")}
        </Button>
      );
    }
    if (onSale) {
      return (
        <Button asChild className="w-full">
          <Link to="/auth/sign-up?redirect=%2Fpricing" aria-label={t("pricing.signUpToBuy", { plan: tierDisplayNames[tier] })}>
            {t("pricing.signUpToUpgrade")}
          </Link>
        </Button>
      );
    }
    // Payments are on, but this plan has no price here: plain text, not a button.
    return (
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="pricing.notSold"
          components={{ a: <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline" aria-label={t("pricing.contactAbout", { plan: tierDisplayNames[tier] })} /> }}
        />
      </p>
    );
  }

  return (
    <PageContainer size="wide">
      <PageHeader
        className="items-center text-center sm:flex-col sm:items-center [&>div]:items-center"
        title={t("pricing.title")}
        description={t("pricing.description", { count: monthlyRouteLimits.free, routes: format.number(monthlyRouteLimits.free) })}
      />
      {offline ? (
        <Card className="mb-8" role="note" aria-labelledby="plan-change-heading">
          <CardContent className="flex flex-col gap-2 p-6">
            <h2 id="plan-change-heading" className="text-base font-semibold">
              {t("pricing.offline.title")}
            </h2>
            <p className="text-sm text-muted-foreground">
              {t("pricing.offline.description")}{" "}
              <Trans t={t} i18nKey="pricing.offline.more" components={{ a: <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline" /> }} />
            </p>
          </CardContent>
        </Card>
      ) : null}
      {online ? <p className="mb-8 text-center text-sm text-muted-foreground">{t("pricing.stripe")}</p> : null}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {tiers.map((tier) => {
          const offer = tierOffers[tier];
          const features = featureLines(tier, format, t);
          const footer = planFooter(tier);
          return (
            <Card key={tier} role="group" aria-labelledby={`tier-${tier}`} className={cn("relative flex flex-col", tier === "premium" && online && "border-primary shadow-md")}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle id={`tier-${tier}`}>{tierDisplayNames[tier]}</CardTitle>
                  {currentTier === tier ? <Badge variant="success">{t("pricing.currentPlan")}</Badge> : null}
                </div>
                <CardDescription>{t(tierSummaryKeys[tier])}</CardDescription>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight">{format.money(offer.pricePence)}</span>
                  <span className="text-muted-foreground">
                    {" "}
                    {t("pricing.perMonth")}
                  </span>
                </p>
                <p className="text-sm font-medium text-primary">{t("pricing.routesAMonth", { count: monthlyRouteLimits[tier], routes: format.number(monthlyRouteLimits[tier]) })}</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm" aria-label={t("pricing.featuresOf", { plan: tierDisplayNames[tier] })}>
                  {features.map((feature) =>
                    feature.available ? (
                      <li key={feature.text} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        <span>{feature.text}</span>
                      </li>
                    ) : (
                      <li key={feature.text} className="flex gap-2 text-muted-foreground">
                        <Construction className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span>
                          {feature.text} <span className="whitespace-nowrap">{t("pricing.notYet")}</span>
                        </span>
                      </li>
                    ),
                  )}
                </ul>
              </CardContent>
              {footer ? <CardFooter className="flex-col items-stretch gap-2">{footer}</CardFooter> : null}
            </Card>
          );
        })}
      </div>

      <Card className="mt-8">
        <CardContent className="flex flex-col gap-2 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">{t("pricing.more.title")}</h2>
            <p className="text-sm text-muted-foreground">
              {online ? (
                <Trans t={t} i18nKey="pricing.more.online" values={{ price: format.money(OVERAGE_PENCE_PER_ROUTE) }} components={{ strong: <strong className="text-foreground" /> }} />
              ) : (
                t("pricing.more.offline")
              )}
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/contact">{t("pricing.more.volume")}</Link>
          </Button>
        </CardContent>
      </Card>

      <section aria-labelledby="pricing-faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="pricing-faq-heading" className="text-2xl font-bold tracking-tight">
          {t("pricing.faqTitle")}
        </h2>
        <Accordion type="single" collapsible className="mt-4">
          {pricingFaq(online, format, t).map((item) => (
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
