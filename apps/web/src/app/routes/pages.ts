import { lazy, type ComponentType } from "react";

/** React.lazy for a named export, so route pages load on demand (Suspense shows the loading screen). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy() itself is typed with ComponentType<any>
function page<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// Public pages
export const HomePage = page(() => import("@/features/marketing/routes/home-page"), "HomePage");
export const PricingPage = page(() => import("@/app/routes/pricing-route"), "PricingRoute");
export const AboutPage = page(() => import("@/features/marketing/routes/about-page"), "AboutPage");
export const ContactPage = page(() => import("@/features/marketing/routes/contact-page"), "ContactPage");
export const HelpPage = page(() => import("@/features/marketing/routes/help-page"), "HelpPage");
export const PrivacyPage = page(() => import("@/features/marketing/routes/privacy-page"), "PrivacyPage");
export const TermsPage = page(() => import("@/features/marketing/routes/terms-page"), "TermsPage");
export const SupportDocsPage = page(() => import("@/features/marketing/routes/support-docs-page"), "SupportDocsPage");
export const CareersPage = page(() => import("@/features/marketing/routes/careers-page"), "CareersPage");
export const AuthPage = page(() => import("@/features/auth/routes/auth-page"), "AuthPage");
export const ResetPasswordPage = page(() => import("@/features/auth/routes/reset-password-page"), "ResetPasswordPage");
export const UpdatePasswordPage = page(() => import("@/features/auth/routes/update-password-page"), "UpdatePasswordPage");
export const PaymentSuccessPage = page(() => import("@/features/billing/routes/payment-success-page"), "PaymentSuccessPage");
export const SharedRoutePage = page(() => import("@/features/shared-route/routes/shared-route-page"), "SharedRoutePage");
export const TrackingPage = page(() => import("@/features/tracking/routes/tracking-page"), "TrackingPage");
export const UnsubscribePage = page(() => import("@/features/tracking/routes/unsubscribe-page"), "UnsubscribePage");

// Signed-in pages
export const PlannerRoute = page(() => import("@/app/routes/planner-route"), "PlannerRoute");
export const DashboardPage = page(() => import("@/features/dashboard/routes/dashboard-page"), "DashboardPage");
export const RouteHistoryPage = page(() => import("@/app/routes/history-route"), "HistoryRoute");
export const ProfilePage = page(() => import("@/features/profile/routes/profile-page"), "ProfilePage");
export const SettingsPage = page(() => import("@/features/settings/routes/settings-page"), "SettingsPage");
export const AnalyticsPage = page(() => import("@/features/analytics/routes/analytics-page"), "AnalyticsPage");
export const EnhancedAnalyticsPage = page(() => import("@/features/analytics/routes/enhanced-analytics-page"), "EnhancedAnalyticsPage");
export const AnalyticsDashboardPage = page(() => import("@/features/team-analytics/routes/analytics-dashboard-page"), "AnalyticsDashboardPage");
export const TeamsPage = page(() => import("@/features/teams/routes/teams-pages"), "TeamsPage");
export const TeamDashboardPage = page(() => import("@/features/teams/routes/teams-pages"), "TeamDashboardPage");
export const TeamInvitationPage = page(() => import("@/features/teams/routes/teams-pages"), "TeamInvitationPage");
export const RouteOptimizationPage = page(() => import("@/features/fleet/routes/route-optimization-page"), "RouteOptimizationPage");
export const FleetRouteOptimizationPage = page(() => import("@/features/fleet/routes/route-optimization-page"), "FleetRouteOptimizationPage");
export const SubscriptionPage = page(() => import("@/app/routes/subscription-route"), "SubscriptionRoute");
export const SuperAdminDashboardPage = page(() => import("@/features/admin/routes/super-admin-page"), "SuperAdminDashboardPage");
export const AdminDashboardPage = page(() => import("@/features/admin/routes/admin-pages"), "AdminDashboardPage");
export const SecurityPage = page(() => import("@/features/security/routes/account-security-page"), "SecurityPage");
export const DeleteAccountPage = page(() => import("@/features/security/routes/delete-account-page"), "DeleteAccountPage");
export const SecurityDashboardPage = page(() => import("@/features/security-dashboard/routes/security-dashboard-page"), "SecurityDashboardPage");
export const DriverAppPage = page(() => import("@/features/driver/routes/driver-app-page"), "DriverAppPage");
export const FleetDashboardPage = page(() => import("@/app/routes/fleet-route"), "FleetRoute");
