import { BarChart3, LineChart, PieChart } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

/** /analytics (Analytics). */
export function AnalyticsPage() {
  return (
    <FeatureIntro
      title="Analytics"
      description="How far you drive, how long it takes and how much distance optimisation saves you, month by month."
      icon={BarChart3}
      highlights={["Routes, stops and distance per month", "Distance and time saved by optimising", "Your busiest days and areas", "Plan usage against your monthly limit"]}
    />
  );
}

/** /enhanced-analytics (EnhancedAnalytics): Premium, Enterprise and Fleet Pro. */
export function EnhancedAnalyticsPage() {
  return (
    <FeatureIntro
      title="Enhanced Analytics"
      description="Deeper trends for Premium, Enterprise and Fleet Pro plans: costs, efficiency and comparisons over any period."
      icon={LineChart}
      highlights={["Cost per route and per stop", "Efficiency trends over custom periods", "Comparisons between months and teams", "Exports for your own reporting"]}
    />
  );
}

/** /analytics-dashboard (AnalyticsDashboard). */
export function AnalyticsDashboardPage() {
  return (
    <FeatureIntro
      title="Analytics Dashboard"
      description="One overview of your routing activity, usage and savings, for you or your whole team."
      icon={PieChart}
      highlights={["Key figures at a glance", "Usage per team member", "Savings from optimisation", "Alerts as you near your limit"]}
    />
  );
}
