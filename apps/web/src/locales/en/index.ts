/**
 * The English catalogues, bundled into the app chunk (decision 028): one JSON file per namespace.
 * A new namespace is a JSON file in every language folder plus one line here.
 */
import shell from "./shell.json";
import common from "./common.json";
import errors from "./errors.json";
import admin from "./admin.json";
import analytics from "./analytics.json";
import auth from "./auth.json";
import billing from "./billing.json";
import customerMessages from "./customer-messages.json";
import dashboard from "./dashboard.json";
import driver from "./driver.json";
import fleet from "./fleet.json";
import history from "./history.json";
import liveOps from "./live-ops.json";
import marketing from "./marketing.json";
import notifications from "./notifications.json";
import planner from "./planner.json";
import profile from "./profile.json";
import security from "./security.json";
import securityDashboard from "./security-dashboard.json";
import settings from "./settings.json";
import sharedRoute from "./shared-route.json";
import teamAnalytics from "./team-analytics.json";
import teams from "./teams.json";
import tracking from "./tracking.json";
import usage from "./usage.json";
import ui from "./ui.json";

export const english = {
  shell,
  common,
  errors,
  admin,
  analytics,
  auth,
  billing,
  "customer-messages": customerMessages,
  dashboard,
  driver,
  fleet,
  history,
  "live-ops": liveOps,
  marketing,
  notifications,
  planner,
  profile,
  security,
  "security-dashboard": securityDashboard,
  settings,
  "shared-route": sharedRoute,
  "team-analytics": teamAnalytics,
  teams,
  tracking,
  usage,
  ui,
};

export type Namespace = keyof typeof english;
