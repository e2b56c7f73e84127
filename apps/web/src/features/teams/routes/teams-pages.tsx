/** The teams pages the app's route table loads (one module, so the lazy imports stay as they are). */
export { TeamsPage } from "@/features/teams/routes/teams-page";
export { TeamDashboardPage } from "@/features/teams/routes/team-dashboard-page";
export { TeamInvitationPage } from "@/features/teams/routes/team-invitation-page";
