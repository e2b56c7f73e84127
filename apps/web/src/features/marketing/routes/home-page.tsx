import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { ArrowRight, Clock, MapPinned, Route, Share2, Smartphone, Truck, Users } from "lucide-react";
import { NotAvailableYetBadge } from "@/components/layouts/not-available-yet";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OsmCredit } from "@/features/marketing/components/osm-credit";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

const features = [
  { icon: Route, title: "home.features.order.title", text: "home.features.order.text" },
  { icon: Clock, title: "home.features.windows.title", text: "home.features.windows.text" },
  { icon: MapPinned, title: "home.features.saved.title", text: "home.features.saved.text" },
  { icon: Share2, title: "home.features.share.title", text: "home.features.share.text" },
  { icon: Users, title: "home.features.teams.title", text: "home.features.teams.text" },
  { icon: Truck, title: "home.features.fleet.title", text: "home.features.fleet.text" },
  { icon: Smartphone, title: "home.features.driver.title", text: "home.features.driver.text" },
] as const;

const steps = [
  { title: "home.steps.add.title", text: "home.steps.add.text" },
  { title: "home.steps.optimise.title", text: "home.steps.optimise.text" },
  { title: "home.steps.drive.title", text: "home.steps.drive.text" },
] as const;

/** The signed-out landing page at /. */
export function HomePage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <section className="bg-gradient-to-b from-brand-from to-brand-to">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold text-primary">{t("home.tagline")}</p>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("home.title")}</h1>
            <p className="text-lg text-pretty text-muted-foreground">
              {t("home.lead")}
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/auth/sign-up">
                  {t("home.getStarted")}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/pricing">{t("home.seePricing")}</Link>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">{t("home.freeNote")}</p>
          </div>
          <RoutePreview />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
          {t("home.featuresTitle")}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t("home.featuresLead")}</p>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <FeatureCard key={feature.title} icon={feature.icon} title={t(feature.title)} text={t(feature.text)} />
          ))}
        </div>
      </section>

      <section aria-labelledby="how-heading" className="border-y bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight">
            {t("home.howTitle")}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">{index + 1}</span>
                <div>
                  <h3 className="font-semibold">{t(step.title)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(step.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <Card className="bg-primary text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-8 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 id="cta-heading" className="text-2xl font-bold tracking-tight">
                {t("home.ctaTitle")}
              </h2>
              <p className="mt-1 opacity-90">{t("home.ctaText")}</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" variant="secondary">
                <Link to="/auth/sign-up">{t("home.createAccount")}</Link>
              </Button>
              <Button asChild size="lg" variant="ghost" className="text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground">
                <Link to="/contact">{t("home.contact")}</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
        <div className="mt-6 flex items-center gap-2 text-muted-foreground">
          <MapPinned className="size-4" aria-hidden="true" />
          <p className="text-sm">{t("home.osm")}</p>
        </div>
        <OsmCredit className="mt-1 text-xs text-muted-foreground" />
      </section>
    </>
  );
}

/** One feature; `notAvailableYet` (roadmap features) adds the fixed badge and a dashed, muted look. */
function FeatureCard({ icon: Icon, title, text, notAvailableYet = false }: { icon: LucideIcon; title: string; text: string; notAvailableYet?: boolean }) {
  return (
    <Card className={notAvailableYet ? "border-dashed" : undefined}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <span className={cn("flex size-10 items-center justify-center rounded-lg bg-secondary", notAvailableYet ? "text-muted-foreground" : "text-primary")}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          {notAvailableYet ? <NotAvailableYetBadge /> : null}
        </div>
        <CardTitle as="h3" className="mt-2 text-base">
          {title}
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** A small illustrative route: four stops joined in optimised order. */
function RoutePreview() {
  const { t } = useTranslation("marketing");
  return (
    <figure className="rounded-2xl border bg-card p-4 shadow-lg" aria-label={t("home.preview")}>
      <svg viewBox="0 0 400 260" className="h-auto w-full" role="img" aria-label={t("home.previewMap")}>
        <rect width="400" height="260" rx="12" className="fill-muted" />
        <path d="M0 180 C 90 150, 140 210, 230 170 S 350 120, 400 140" className="stroke-border" strokeWidth="14" fill="none" />
        <path d="M120 0 C 130 80, 90 160, 140 260" className="stroke-border" strokeWidth="10" fill="none" />
        <path d="M60 200 L140 120 L250 150 L320 70" className="stroke-primary" strokeWidth="4" strokeDasharray="0" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        {[
          [60, 200, t("home.previewStart")],
          [140, 120, "1"],
          [250, 150, "2"],
          [320, 70, "3"],
        ].map(([x, y, label]) => (
          <g key={String(label)}>
            <circle cx={Number(x)} cy={Number(y)} r="14" className="fill-primary" />
            <text x={Number(x)} y={Number(y) + 4} textAnchor="middle" className="fill-primary-foreground text-xs font-bold">
              {label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">{t("home.previewCaption")}</span>
        <span className="text-muted-foreground">{t("home.previewSaved")}</span>
      </figcaption>
    </figure>
  );
}
