import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { BookOpen, Building2, Map, Settings, Smartphone, Truck, UserRound } from "lucide-react";
import { NotAvailableYetBadge } from "@/components/layouts/not-available-yet";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";
import { ApiReference } from "@/features/marketing/components/api-reference";
import type { ParseKeys } from "i18next";
import { Trans, useTranslation } from "@/lib/i18n";

type GuideKey = ParseKeys<"marketing"> & `supportDocs.guides.${string}`;

type Guide = {
  icon: LucideIcon;
  title: GuideKey;
  steps: GuideKey[];
  /** A guide to a feature that is not built yet: its steps say what it will do, in the future tense. */
  notAvailableYet?: boolean;
};

const guides: Guide[] = [
  {
    icon: UserRound,
    title: "supportDocs.guides.account.title",
    steps: ["supportDocs.guides.account.signUp", "supportDocs.guides.account.noPassword", "supportDocs.guides.account.security", "supportDocs.guides.account.signOut"],
  },
  {
    icon: Settings,
    title: "supportDocs.guides.settings.title",
    steps: ["supportDocs.guides.settings.open", "supportDocs.guides.settings.theme", "supportDocs.guides.settings.locations"],
  },
  {
    icon: Map,
    title: "supportDocs.guides.planning.title",
    steps: ["supportDocs.guides.planning.enter", "supportDocs.guides.planning.optimise", "supportDocs.guides.planning.open"],
  },
  {
    icon: Building2,
    title: "supportDocs.guides.teams.title",
    steps: ["supportDocs.guides.teams.create", "supportDocs.guides.teams.invite", "supportDocs.guides.teams.allocate"],
  },
  {
    icon: Truck,
    title: "supportDocs.guides.fleets.title",
    steps: ["supportDocs.guides.fleets.vans", "supportDocs.guides.fleets.plan", "supportDocs.guides.fleets.dispatch"],
  },
  {
    icon: Smartphone,
    title: "supportDocs.guides.driver.title",
    steps: ["supportDocs.guides.driver.open", "supportDocs.guides.driver.navigate", "supportDocs.guides.driver.offline"],
  },
];

/** /support-docs: step-by-step guides and the API reference (from /api/openapi.json). */
export function SupportDocsPage() {
  const { t } = useTranslation("marketing");
  const link = "font-medium text-primary underline underline-offset-2";
  return (
    <PageContainer>
      <PageHeader eyebrow={t("supportDocs.eyebrow")} title={t("supportDocs.title")} description={t("supportDocs.description")} />
      <div className="grid gap-6 md:grid-cols-2">
        {guides.map(({ icon: Icon, title, steps, notAvailableYet }) => (
          <Card key={title} className={notAvailableYet ? "border-dashed" : undefined}>
            <CardHeader className="flex-row flex-wrap items-center gap-3">
              <Icon className={notAvailableYet ? "size-5 text-muted-foreground" : "size-5 text-primary"} aria-hidden="true" />
              <CardTitle>{t(title)}</CardTitle>
              {notAvailableYet ? <NotAvailableYetBadge /> : null}
            </CardHeader>
            <CardContent>
              {notAvailableYet ? <p className="mb-2 text-sm text-muted-foreground">{t("supportDocs.notYet")}</p> : null}
              <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
                {steps.map((step) => (
                  <li key={step}>{t(step)}</li>
                ))}
              </ol>
            </CardContent>
          </Card>
        ))}
        <Card className="md:col-span-2">
          <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
            <BookOpen className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              <Trans t={t} i18nKey="supportDocs.quick" components={{ help: <Link to="/help" className={link} />, contact: <Link to="/contact" className={link} /> }} />
            </p>
          </CardContent>
        </Card>
      </div>
      <ApiReference />
      <OsmCredit className="mt-8 text-xs text-muted-foreground" />
    </PageContainer>
  );
}
