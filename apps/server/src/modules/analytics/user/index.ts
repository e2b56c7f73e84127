export { analyticsSummary, userTimeZone } from "./summary";
export { analyticsEnhanced, changePercent, requireEnhancedAnalytics } from "./enhanced";
