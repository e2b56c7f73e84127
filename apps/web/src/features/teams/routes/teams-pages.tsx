import { useParams } from "react-router";
import { MailOpen, Users, UsersRound } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

/** /teams (Teams). */
export function TeamsPage() {
  return (
    <FeatureIntro
      title="Teams"
      description="The teams you belong to, their members and the share of the monthly route quota you can use."
      icon={Users}
      highlights={["Teams you own or have joined", "Your role and route allocation in each", "Routes shared within the team", "Leave a team you no longer need"]}
    />
  );
}

/** /team-dashboard (TeamDashboard / TeamManagement): Enterprise and Fleet Pro. */
export function TeamDashboardPage() {
  return (
    <FeatureIntro
      title="Team Management"
      description="Invite members, assign roles and divide your plan's monthly routes between them."
      icon={UsersRound}
      highlights={["Invite colleagues by e-mail", "Set each member's role and route allocation", "Track quota used across the team", "Remove members or resend invitations"]}
    />
  );
}

/** /team-invitation/:token (TeamInvitationPage). */
export function TeamInvitationPage() {
  const { token } = useParams();
  return (
    <FeatureIntro
      title="Team Invitation"
      description="Review an invitation to join a RoutePilot team, then accept it to share the team's plan and routes."
      icon={MailOpen}
      highlights={[
        "See which team invited you and the role offered",
        "Accept to join with your current account",
        "Invitations stay open until they expire",
        token ? "Your invitation link has been received" : "Open the link from your invitation e-mail",
      ]}
    />
  );
}
