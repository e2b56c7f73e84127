import { billingMessages } from "./billing";

/**
 * How plans change on a server that takes no payments, said once per page in the same words by
 * /pricing and /subscription (issue 28: a plan not sold online is not a plan action).
 */
export const offlinePlanChange = {
  title: "Plans are changed by an administrator",
  description: `${billingMessages.notSoldOnline} An administrator changes plans in the admin console and can move your account to any plan.`,
} as const;
