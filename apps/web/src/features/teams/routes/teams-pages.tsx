import { MailOpen, Users, UsersRound } from "lucide-react";
import { NotAvailableYet, type MeanwhileLink } from "@/components/layouts/not-available-yet";

const meanwhile: [MeanwhileLink, ...MeanwhileLink[]] = [
  { to: "/route-history", label: "Share a route by link from your history" },
  { to: "/pricing", label: "Compare plans" },
  { to: "/contact", label: "Ask us about teams" },
];

/** /teams (Teams). */
export function TeamsPage() {
  return (
    <NotAvailableYet
      title="Teams"
      icon={Users}
      willDo={[
        "list the teams you own or have joined",
        "show your role and route allocation in each",
        "show routes shared within the team",
        "let you leave a team you no longer need",
      ]}
      meanwhile={meanwhile}
    />
  );
}

/** /team-dashboard (TeamDashboard / TeamManagement): Enterprise and Fleet Pro. */
export function TeamDashboardPage() {
  return (
    <NotAvailableYet
      title="Team Management"
      icon={UsersRound}
      willDo={[
        "let you invite colleagues by e-mail",
        "set each member's role and share of the plan's monthly routes",
        "track the quota used across the team",
        "let you remove members or resend invitations",
      ]}
      meanwhile={meanwhile}
    />
  );
}

/** /team-invitation/:token (TeamInvitationPage). The token is not read: invitations cannot be accepted yet. */
export function TeamInvitationPage() {
  return (
    <NotAvailableYet
      title="Team Invitation"
      icon={MailOpen}
      notice="Your invitation cannot be accepted here yet, and you have not joined a team."
      willDo={[
        "show which team invited you and the role offered",
        "let you accept the invitation with your current account",
      ]}
      meanwhile={[
        { to: "/", label: "Plan a route on your own account" },
        { to: "/contact", label: "Ask us about teams" },
      ]}
    />
  );
}
