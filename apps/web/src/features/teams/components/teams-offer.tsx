import { Link } from "react-router";
import { MailPlus, PieChart, ShieldCheck, Users } from "lucide-react";
import { tierDisplayNames } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useTranslation } from "@/lib/i18n";

const offers = [
  { icon: Users, title: "offer.quotaTitle", text: "offer.quotaText" },
  { icon: MailPlus, title: "offer.invitationsTitle", text: "offer.invitationsText" },
  { icon: ShieldCheck, title: "offer.rolesTitle", text: "offer.rolesText" },
  { icon: PieChart, title: "offer.usageTitle", text: "offer.usageText" },
] as const;

/**
 * What teams offer, for a signed-in user without teams access (SPEC §5: a team member, or the
 * Enterprise or Fleet Pro plan). Everything listed here works once the plan allows it.
 */
export function TeamsOffer() {
  const { t } = useTranslation("teams");
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6">
        <section aria-labelledby="teams-offer-heading" className="flex flex-col gap-4">
          <h2 id="teams-offer-heading" className="text-lg font-semibold">
            {t("offer.title", { enterprise: tierDisplayNames.enterprise, fleetPro: tierDisplayNames.fleet_pro })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("offer.intro")}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {offers.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="grid gap-1">
                  <h3 className="text-sm font-semibold">{t(title)}</h3>
                  <p className="text-sm text-muted-foreground">{t(text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/pricing">{t("comparePlans")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">{t("offer.ask")}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
