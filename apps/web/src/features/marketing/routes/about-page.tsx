import { Link } from "react-router";
import { Compass, Leaf, ShieldCheck } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";
import { useTranslation } from "@/lib/i18n";

const values = [
  { icon: Compass, title: "about.values.simple.title", text: "about.values.simple.text" },
  { icon: Leaf, title: "about.values.miles.title", text: "about.values.miles.text" },
  { icon: ShieldCheck, title: "about.values.data.title", text: "about.values.data.text" },
] as const;

/** /about and /company/about. */
export function AboutPage() {
  const { t } = useTranslation("marketing");
  return (
    <PageContainer>
      <PageHeader
        eyebrow={t("about.eyebrow")}
        title={t("about.title")}
        description={t("about.description")}
      />
      <div className="grid gap-10">
        <section className="grid gap-4 text-muted-foreground lg:max-w-3xl">
          <p>{t("about.p1")}</p>
          <p>{t("about.p2")}</p>
        </section>
        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-2xl font-bold tracking-tight">
            {t("about.valuesTitle")}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {values.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardContent className="p-6">
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <h3 className="mt-3 font-semibold">{t(title)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/company/careers">{t("about.work")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/company/contact">{t("about.contact")}</Link>
          </Button>
        </div>
        <OsmCredit />
      </div>
    </PageContainer>
  );
}
