import { BarChart3, LineChart } from "lucide-react";
import { NotAvailableYet, type MeanwhileLink } from "@/components/layouts/not-available-yet";

const meanwhile: [MeanwhileLink, ...MeanwhileLink[]] = [
  { to: "/route-history", label: "See your past routes" },
  { to: "/dashboard", label: "See this month's usage" },
  { to: "/", label: "Plan a route" },
];

/** /analytics (Analytics). */
export function AnalyticsPage() {
  return (
    <NotAvailableYet
      title="Analytics"
      icon={BarChart3}
      willDo={[
        "chart your routes, stops and distance per month",
        "show the distance and time saved by optimising",
        "show your busiest days and areas",
        "compare your plan usage with your monthly limit over time",
      ]}
      meanwhile={meanwhile}
    />
  );
}

/** /enhanced-analytics (EnhancedAnalytics): Premium, Enterprise and Fleet Pro. */
export function EnhancedAnalyticsPage() {
  return (
    <NotAvailableYet
      title="Enhanced Analytics"
      icon={LineChart}
      willDo={[
        "show cost per route and per stop for Premium, Enterprise and Fleet Pro plans",
        "chart efficiency trends over any period",
        "compare months and teams",
        "export figures for your own reporting",
      ]}
      meanwhile={meanwhile}
    />
  );
}
