import { Link } from "react-router";
import { Briefcase, MapPin } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Trans, useTranslation } from "@/lib/i18n";

const roles = [
  { id: "engineer", title: "careers.roles.engineer.title", team: "careers.roles.engineer.team", place: "careers.roles.engineer.place", text: "careers.roles.engineer.text" },
  { id: "designer", title: "careers.roles.designer.title", team: "careers.roles.designer.team", place: "careers.roles.designer.place", text: "careers.roles.designer.text" },
  { id: "success", title: "careers.roles.success.title", team: "careers.roles.success.team", place: "careers.roles.success.place", text: "careers.roles.success.text" },
] as const;

const perks = ["careers.perks.hours", "careers.perks.holiday", "careers.perks.learning", "careers.perks.laptop"] as const;

/** /company/careers. */
export function CareersPage() {
  const { t } = useTranslation("marketing");
  return (
    <PageContainer>
      <PageHeader title={t("careers.title")} description={t("careers.description")} />
      <section aria-labelledby="open-roles-heading">
        <h2 id="open-roles-heading" className="text-2xl font-bold tracking-tight">
          {t("careers.open")}
        </h2>
        <div className="mt-6 grid gap-4">
          {roles.map((role) => (
            <Card key={role.id}>
              <CardHeader>
                <div className="flex flex-wrap items-center gap-2">
                  <CardTitle as="h3">{t(role.title)}</CardTitle>
                  <Badge variant="secondary">{t(role.team)}</Badge>
                </div>
                <CardDescription className="flex items-center gap-1">
                  <MapPin className="size-3.5" aria-hidden="true" />
                  {t(role.place)}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
                <p className="text-sm text-muted-foreground">{t(role.text)}</p>
                <Button asChild variant="outline" size="sm">
                  <Link to="/company/contact" aria-label={t("careers.applyFor", { role: t(role.title) })}>
                    <Briefcase aria-hidden="true" />
                    {t("careers.apply")}
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <section aria-labelledby="perks-heading" className="mt-12">
        <h2 id="perks-heading" className="text-2xl font-bold tracking-tight">
          {t("careers.why")}
        </h2>
        <ul className="mt-4 grid gap-2 text-muted-foreground sm:grid-cols-2">
          {perks.map((perk) => (
            <li key={perk} className="rounded-lg border bg-card px-4 py-3">
              {t(perk)}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          <Trans t={t} i18nKey="careers.other" components={{ a: <Link to="/company/contact" className="font-medium text-primary underline underline-offset-2" /> }} />
        </p>
      </section>
    </PageContainer>
  );
}
