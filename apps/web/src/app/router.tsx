import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router";
import { useTranslation } from "@/lib/i18n";
import { FeatureErrorBoundary } from "@/components/errors/feature-error-boundary";
import { RootLayout, type RouteHandle } from "@/app/layout/root-layout";
import { RequireAuth } from "@/app/guards/require-auth";
import { RoleBasedLanding, RoleGuard } from "@/app/guards/role-guard";
import { HomeRoute } from "@/app/routes/home-route";
import { NotFoundPage } from "@/app/routes/not-found-page";
import { RouteErrorScreen } from "@/app/routes/route-error";
import * as Pages from "@/app/routes/pages";
import type { ShellKey } from "@/lib/i18n";

/** Keeps the query string when an alias path forwards to its canonical path. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function publicRoute(path: string, title: ShellKey, element: ReactNode): RouteObject {
  return { path, element, handle: { title } satisfies RouteHandle };
}

/** SPEC §2 "routes wrapped in a per-feature error boundary" (all need a session). */
function featureRoute(path: string, title: ShellKey, feature: string, element: ReactNode): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, element: <FeatureBoundary feature={feature} title={title}>{element}</FeatureBoundary> };
}

/** The feature's error boundary, naming the page in the reader's language. */
function FeatureBoundary({ feature, title, children }: { feature: string; title: ShellKey; children: ReactNode }) {
  const { t } = useTranslation("shell");
  return (
    <FeatureErrorBoundary feature={feature} page={t(title)}>
      {children}
    </FeatureErrorBoundary>
  );
}

/** The route table (SPEC §2). The only place that composes features into pages. Titles are `shell` keys, shown in the reader's language. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <HomeRoute />, handle: { title: "nav.home" } satisfies RouteHandle },

      // Public
      publicRoute("/auth", "titles.signIn", <Pages.AuthPage />),
      publicRoute("/auth/sign-in", "titles.signIn", <Pages.AuthPage mode="sign-in" />),
      publicRoute("/auth/sign-up", "titles.signUp", <Pages.AuthPage mode="sign-up" />),
      publicRoute("/auth/forgot-password", "titles.forgotPassword", <Pages.AuthPage mode="forgot-password" />),
      publicRoute("/signin", "titles.signIn", <Forward to="/auth/sign-in" />),
      publicRoute("/signup", "titles.signUp", <Forward to="/auth/sign-up" />),
      publicRoute("/pricing", "nav.pricing", <Pages.PricingPage />),
      publicRoute("/about", "titles.about", <Pages.AboutPage />),
      publicRoute("/contact", "nav.contact", <Pages.ContactPage />),
      publicRoute("/help", "nav.helpSupport", <Pages.HelpPage />),
      publicRoute("/privacy", "nav.privacyPolicy", <Pages.PrivacyPage />),
      publicRoute("/terms", "nav.termsOfService", <Pages.TermsPage />),
      publicRoute("/payment-success", "titles.payments", <Pages.PaymentSuccessPage />),
      publicRoute("/update-password", "titles.updatePassword", <Pages.UpdatePasswordPage />),
      publicRoute("/reset-password", "titles.resetPassword", <Pages.ResetPasswordPage />),
      publicRoute("/support-docs", "titles.supportDocs", <Pages.SupportDocsPage />),
      publicRoute("/company/about", "nav.aboutUs", <Pages.AboutPage />),
      publicRoute("/company/careers", "nav.careers", <Pages.CareersPage />),
      publicRoute("/company/contact", "nav.contactUs", <Pages.ContactPage />),
      publicRoute("/shared-route/:token", "titles.sharedRoute", <Pages.SharedRoutePage />),
      publicRoute("/track/:token", "titles.tracking", <Pages.TrackingPage />),
      publicRoute("/unsubscribe/:token", "titles.unsubscribe", <Pages.UnsubscribePage />),
      // Public so a signed-out invitee can read it, then sign in or sign up and come back (SPEC §2, §4).
      featureRoute("/team-invitation/:token", "titles.teamInvitation", "The team invitation", <Pages.TeamInvitationPage />),

      // Signed in
      {
        element: <RequireAuth />,
        children: [
          featureRoute("/dashboard", "titles.dashboard", "The dashboard", <Pages.DashboardPage />),
          featureRoute("/dashboard-redirect", "titles.dashboard", "The dashboard", <RoleBasedLanding />),
          featureRoute("/route-history", "nav.routeHistory", "Route history", <Pages.RouteHistoryPage />),
          featureRoute("/profile", "nav.profile", "Your profile", <Pages.ProfilePage />),
          featureRoute("/settings", "nav.settings", "Settings", <Pages.SettingsPage />),
          featureRoute("/user-settings", "nav.settings", "Settings", <Pages.SettingsPage />),
          featureRoute("/analytics", "nav.analytics", "Analytics", <Pages.AnalyticsPage />),
          featureRoute("/enhanced-analytics", "nav.enhancedAnalytics", "Enhanced analytics", <Pages.EnhancedAnalyticsPage />),
          featureRoute("/analytics-dashboard", "titles.analyticsDashboard", "The analytics dashboard", <Pages.AnalyticsDashboardPage />),
          featureRoute("/teams", "nav.teams", "Teams", <Pages.TeamsPage />),
          featureRoute("/team-dashboard", "nav.teamManagement", "Team management", <Pages.TeamDashboardPage />),
          featureRoute("/route-optimization", "nav.routeOptimization", "Route optimization", <Pages.RouteOptimizationPage />),
          featureRoute("/fleet/route-optimization", "titles.fleetRouteOptimization", "Fleet route optimization", <Pages.FleetRouteOptimizationPage />),
          featureRoute("/subscription", "nav.subscription", "Subscription management", <Pages.SubscriptionPage />),
          featureRoute("/subscription-management", "nav.subscription", "Subscription management", <Pages.SubscriptionPage />),
          featureRoute("/security", "nav.security", "Security", <Pages.SecurityPage />),
          // UserDeletion (SPEC §2 names the page, not its path)
          featureRoute("/delete-account", "titles.deleteAccount", "Account deletion", <Pages.DeleteAccountPage />),

          // Account-role guarded (SPEC §6 leaves their guarding open): admin or super_admin, or super_admin only
          ...["/super-admin", "/super-admin-dashboard"].map((path) =>
            featureRoute(path, "nav.superAdminDashboard", "The super admin dashboard", <RoleGuard role="super_admin"><Pages.SuperAdminDashboardPage /></RoleGuard>),
          ),
          ...["/admin", "/admin-panel"].map((path) =>
            featureRoute(path, "nav.adminDashboard", "The admin dashboard", <RoleGuard role="admin"><Pages.AdminDashboardPage /></RoleGuard>),
          ),
          featureRoute("/security-dashboard", "nav.securityDashboard", "The security dashboard", <RoleGuard role="admin"><Pages.SecurityDashboardPage /></RoleGuard>),

          // Fleet-role guarded (SPEC §2)
          featureRoute("/driver", "titles.driverApp", "The driver app", <RoleGuard role="driver"><Pages.DriverAppPage /></RoleGuard>),
          ...["/fleet", "/fleet/live", "/fleet/vehicles", "/fleet/drivers"].map((path) =>
            featureRoute(path, "nav.fleetDashboard", "The fleet dashboard", <RoleGuard role="manager"><Pages.FleetDashboardPage /></RoleGuard>),
          ),
        ],
      },

      { path: "*", element: <NotFoundPage />, handle: { title: "notFound.title" } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
