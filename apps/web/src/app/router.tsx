import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router";
import { FeatureErrorBoundary } from "@/components/errors/feature-error-boundary";
import { RootLayout, type RouteHandle } from "@/app/layout/root-layout";
import { RequireAuth } from "@/app/guards/require-auth";
import { RoleBasedLanding, RoleGuard } from "@/app/guards/role-guard";
import { HomeRoute } from "@/app/routes/home-route";
import { NotFoundPage } from "@/app/routes/not-found-page";
import { RouteErrorScreen } from "@/app/routes/route-error";
import * as Pages from "@/app/routes/pages";

/** Keeps the query string when an alias path forwards to its canonical path. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function publicRoute(path: string, title: string, element: ReactNode): RouteObject {
  return { path, element, handle: { title } satisfies RouteHandle };
}

/** SPEC §2 "routes wrapped in a per-feature error boundary" (all need a session). */
function featureRoute(path: string, title: string, feature: string, element: ReactNode): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, element: <FeatureErrorBoundary feature={feature}>{element}</FeatureErrorBoundary> };
}

/** The route table (SPEC §2). The only place that composes features into pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <HomeRoute />, handle: { title: "Home" } satisfies RouteHandle },

      // Public
      publicRoute("/auth", "Sign in", <Pages.AuthPage />),
      publicRoute("/auth/sign-in", "Sign in", <Pages.AuthPage mode="sign-in" />),
      publicRoute("/auth/sign-up", "Sign up", <Pages.AuthPage mode="sign-up" />),
      publicRoute("/auth/forgot-password", "Forgot password", <Pages.AuthPage mode="forgot-password" />),
      publicRoute("/signin", "Sign in", <Forward to="/auth/sign-in" />),
      publicRoute("/signup", "Sign up", <Forward to="/auth/sign-up" />),
      publicRoute("/pricing", "Pricing", <Pages.PricingPage />),
      publicRoute("/about", "About", <Pages.AboutPage />),
      publicRoute("/contact", "Contact", <Pages.ContactPage />),
      publicRoute("/help", "Help & Support", <Pages.HelpPage />),
      publicRoute("/privacy", "Privacy Policy", <Pages.PrivacyPage />),
      publicRoute("/terms", "Terms of Service", <Pages.TermsPage />),
      publicRoute("/payment-success", "Payments", <Pages.PaymentSuccessPage />),
      publicRoute("/update-password", "Update password", <Pages.UpdatePasswordPage />),
      publicRoute("/reset-password", "Reset password", <Pages.ResetPasswordPage />),
      publicRoute("/support-docs", "Support docs", <Pages.SupportDocsPage />),
      publicRoute("/company/about", "About Us", <Pages.AboutPage />),
      publicRoute("/company/careers", "Careers", <Pages.CareersPage />),
      publicRoute("/company/contact", "Contact Us", <Pages.ContactPage />),
      publicRoute("/shared-route/:token", "Shared Route", <Pages.SharedRoutePage />),
      publicRoute("/track/:token", "Track your delivery", <Pages.TrackingPage />),
      publicRoute("/unsubscribe/:token", "Unsubscribe", <Pages.UnsubscribePage />),
      // Public so a signed-out invitee can read it, then sign in or sign up and come back (SPEC §2, §4).
      featureRoute("/team-invitation/:token", "Team Invitation", "The team invitation", <Pages.TeamInvitationPage />),

      // Signed in
      {
        element: <RequireAuth />,
        children: [
          featureRoute("/dashboard", "Dashboard", "The dashboard", <Pages.DashboardPage />),
          featureRoute("/dashboard-redirect", "Dashboard", "The dashboard", <RoleBasedLanding />),
          featureRoute("/route-history", "Route History", "Route history", <Pages.RouteHistoryPage />),
          featureRoute("/profile", "Profile", "Your profile", <Pages.ProfilePage />),
          featureRoute("/settings", "Settings", "Settings", <Pages.SettingsPage />),
          featureRoute("/user-settings", "Settings", "Settings", <Pages.SettingsPage />),
          featureRoute("/analytics", "Analytics", "Analytics", <Pages.AnalyticsPage />),
          featureRoute("/enhanced-analytics", "Enhanced Analytics", "Enhanced analytics", <Pages.EnhancedAnalyticsPage />),
          featureRoute("/analytics-dashboard", "Analytics Dashboard", "The analytics dashboard", <Pages.AnalyticsDashboardPage />),
          featureRoute("/teams", "Teams", "Teams", <Pages.TeamsPage />),
          featureRoute("/team-dashboard", "Team Management", "Team management", <Pages.TeamDashboardPage />),
          featureRoute("/route-optimization", "Route Optimization", "Route optimization", <Pages.RouteOptimizationPage />),
          featureRoute("/fleet/route-optimization", "Fleet Route Optimization", "Fleet route optimization", <Pages.FleetRouteOptimizationPage />),
          featureRoute("/subscription", "Subscription", "Subscription management", <Pages.SubscriptionPage />),
          featureRoute("/subscription-management", "Subscription", "Subscription management", <Pages.SubscriptionPage />),
          featureRoute("/security", "Security", "Security", <Pages.SecurityPage />),
          // UserDeletion (SPEC §2 names the page, not its path)
          featureRoute("/delete-account", "Delete account", "Account deletion", <Pages.DeleteAccountPage />),

          // Account-role guarded (SPEC §6 leaves their guarding open): admin or super_admin, or super_admin only
          ...["/super-admin", "/super-admin-dashboard"].map((path) =>
            featureRoute(path, "Super Admin Dashboard", "The super admin dashboard", <RoleGuard role="super_admin"><Pages.SuperAdminDashboardPage /></RoleGuard>),
          ),
          ...["/admin", "/admin-panel"].map((path) =>
            featureRoute(path, "Admin Dashboard", "The admin dashboard", <RoleGuard role="admin"><Pages.AdminDashboardPage /></RoleGuard>),
          ),
          featureRoute("/security-dashboard", "Security Dashboard", "The security dashboard", <RoleGuard role="admin"><Pages.SecurityDashboardPage /></RoleGuard>),

          // Fleet-role guarded (SPEC §2)
          featureRoute("/driver", "Driver App", "The driver app", <RoleGuard role="driver"><Pages.DriverAppPage /></RoleGuard>),
          ...["/fleet", "/fleet/live", "/fleet/vehicles", "/fleet/drivers"].map((path) =>
            featureRoute(path, "Fleet Dashboard", "The fleet dashboard", <RoleGuard role="manager"><Pages.FleetDashboardPage /></RoleGuard>),
          ),
        ],
      },

      { path: "*", element: <NotFoundPage />, handle: { title: "Page not found" } satisfies RouteHandle },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
