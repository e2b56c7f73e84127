import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import { Construction } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useTranslation } from "@/lib/i18n";

/**
 * Pages that work today. "Meanwhile" links may only point here, so a placeholder can never
 * send the user on to another placeholder.
 */
export type BuiltPath =
  | "/"
  | "/dashboard"
  | "/route-history"
  | "/profile"
  | "/settings"
  | "/update-password"
  | "/pricing"
  | "/contact"
  | "/help"
  | "/support-docs";

export type MeanwhileLink = { to: BuiltPath; label: string };

export const NOT_AVAILABLE_YET = "Not available yet";

/** The fixed "Not available yet" badge, also used wherever a public page names an unbuilt feature. */
export function NotAvailableYetBadge() {
  const { t } = useTranslation("ui");
  return (
    <Badge variant="secondary">
      <Construction className="size-3.5" aria-hidden="true" />
      {t("notYet.badge")}
    </Badge>
  );
}

type NotAvailableYetProps = {
  /** The page's name (SPEC §2 page name / route title). */
  title: string;
  icon: LucideIcon;
  /** One more plain sentence about what is missing (e.g. "No payment has been taken."). */
  notice?: string;
  /**
   * What the page will do once it is built, each a phrase completing "When it is built, this
   * page will …" (e.g. "list your teams"), so it can only be read in the future tense.
   */
  willDo: [string, ...string[]];
  /** At least one page that works today and covers part of the need. */
  meanwhile: [MeanwhileLink, ...MeanwhileLink[]];
  /** Real data the app already has for this page (e.g. the user's plan and usage). */
  children?: ReactNode;
};

/**
 * The layout for a page whose feature is not built yet: it says so plainly, says what the page
 * will do, and links to pages that work today. Nothing in it can describe the feature as working.
 */
export function NotAvailableYet({ title, icon: Icon, notice, willDo, meanwhile, children }: NotAvailableYetProps) {
  const { t } = useTranslation("ui");
  return (
    <PageContainer>
      <PageHeader
        title={title}
        eyebrow={<NotAvailableYetBadge />}
        description={
          <>
            {t("notYet.description")}
            {notice ? ` ${notice}` : null}
          </>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-6 p-6">
          <section aria-labelledby="will-do-heading" className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-secondary text-muted-foreground">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-2">
              <h2 id="will-do-heading" className="text-base font-semibold">
                {t("notYet.willDo")}
              </h2>
              <ul className="grid gap-1.5 text-sm text-muted-foreground">
                {willDo.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-muted-foreground/50" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
          <section aria-labelledby="meanwhile-heading" className="flex flex-col gap-3">
            <h2 id="meanwhile-heading" className="text-base font-semibold">
              {t("notYet.meanwhile")}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {meanwhile.map((link, index) => (
                <li key={link.to}>
                  <Button asChild variant={index === 0 ? "default" : "outline"}>
                    <Link to={link.to}>{link.label}</Link>
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        </CardContent>
      </Card>
      {children ? <div className="mt-6">{children}</div> : null}
    </PageContainer>
  );
}
