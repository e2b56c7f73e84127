/** Query keys of self-service billing. */
export const billingKeys = {
  all: ["billing"] as const,
  account: ["billing", "account"] as const,
  plans: ["billing", "plans"] as const,
  overage: ["billing", "overage"] as const,
};
