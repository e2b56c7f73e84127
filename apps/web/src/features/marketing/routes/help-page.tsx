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
import type { ParseKeys } from "i18next";
import { useTranslation } from "@/lib/i18n";

type HelpKey = ParseKeys<"marketing"> & `help.${string}`;

type Section = { id: string; title: HelpKey; items: { q: HelpKey; a: HelpKey }[] };

/** The questions and answers (catalogue keys); each section's id is its anchor, the same in every language. */
const sections: Section[] = [
  {
    id: "getting-started",
    title: "help.start.title",
    items: [
      { q: "help.start.account.q", a: "help.start.account.a" },
      { q: "help.start.verification.q", a: "help.start.verification.a" },
      { q: "help.start.password.q", a: "help.start.password.a" },
    ],
  },
  {
    id: "planning-routes",
    title: "help.planning.title",
    items: [
      { q: "help.planning.optimisation.q", a: "help.planning.optimisation.a" },
      { q: "help.planning.saved.q", a: "help.planning.saved.a" },
      { q: "help.planning.kilometres.q", a: "help.planning.kilometres.a" },
      { q: "help.planning.maps.q", a: "help.planning.maps.a" },
    ],
  },
  {
    id: "plans-and-billing",
    title: "help.billing.title",
    items: [
      { q: "help.billing.routes.q", a: "help.billing.routes.a" },
      { q: "help.billing.more.q", a: "help.billing.more.a" },
      { q: "help.billing.upgrade.q", a: "help.billing.upgrade.a" },
      { q: "help.billing.usage.q", a: "help.billing.usage.a" },
    ],
  },
  {
    id: "teams-and-fleets",
    title: "help.teams.title",
    items: [
      { q: "help.teams.create.q", a: "help.teams.create.a" },
      { q: "help.teams.roles.q", a: "help.teams.roles.a" },
    ],
  },
];

/** The values the answers need: limits and prices from the contracts, written by `format`. */
function answerValues(format: Formatter) {
  return {
    free: format.number(monthlyRouteLimits.free),
    premium: format.number(monthlyRouteLimits.premium),
    enterprise: format.number(monthlyRouteLimits.enterprise),
    fleetPro: format.number(monthlyRouteLimits.fleet_pro),
    price: format.money(OVERAGE_PENCE_PER_ROUTE),
  };
}

/** /help: frequently asked questions in an accordion. */
export function HelpPage() {
  const { t } = useTranslation("marketing");
  const values = answerValues(useFormat());
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("help.title")} description={t("help.description")} />
      <div className="grid gap-10">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`help-${section.id}`}>
            <h2 id={`help-${section.id}`} className="text-xl font-semibold tracking-tight">
              {t(section.title)}
            </h2>
            <Accordion type="multiple" className="mt-2">
              {section.items.map((item) => (
                <AccordionItem key={item.q} value={item.q}>
                  <AccordionTrigger>{t(item.q)}</AccordionTrigger>
                  <AccordionContent>{t(item.a, values)}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ))}
        <Card>
          <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold">{t("help.stuck.title")}</h2>
              <p className="text-sm text-muted-foreground">{t("help.stuck.text")}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/support-docs">
                  <BookOpen aria-hidden="true" />
                  {t("help.stuck.docs")}
                </Link>
              </Button>
              <Button asChild>
                <Link to="/contact">
                  <MessageSquare aria-hidden="true" />
                  {t("help.stuck.contact")}
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
