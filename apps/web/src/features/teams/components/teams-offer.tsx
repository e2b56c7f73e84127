import { Link } from "react-router";
import { MailPlus, PieChart, ShieldCheck, Users } from "lucide-react";
import { tierDisplayNames } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

const offers = [
  { icon: Users, title: "One team, one shared quota", text: "The team shares the owner's monthly routes; each member plans against the allocation the owner or an admin gives them." },
  { icon: MailPlus, title: "Invitations by e-mail", text: "Invite colleagues with a role; they join from the link in the e-mail, with an account they already have or a new one." },
  { icon: ShieldCheck, title: "Roles", text: "Owners and admins invite and remove members, change roles and allocations; every member can see the team and leave it." },
  { icon: PieChart, title: "Who planned what", text: "See each member's allocation and routes used this month, and the team's total." },
];

/**
 * What teams offer, for a signed-in user without teams access (SPEC §5: a team member, or the
 * Enterprise or Fleet Pro plan). Everything listed here works once the plan allows it.
 */
export function TeamsOffer() {
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6">
        <section aria-labelledby="teams-offer-heading" className="flex flex-col gap-4">
          <h2 id="teams-offer-heading" className="text-lg font-semibold">
            Teams are part of the {tierDisplayNames.enterprise} and {tierDisplayNames.fleet_pro} plans
          </h2>
          <p className="text-sm text-muted-foreground">
            Your plan does not include teams. You can still join a team: when someone invites you, the invitation appears under the bell and in your e-mail.
          </p>
          <ul className="grid gap-4 sm:grid-cols-2">
            {offers.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="grid gap-1">
                  <h3 className="text-sm font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/pricing">Compare plans</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">Ask us about teams</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
