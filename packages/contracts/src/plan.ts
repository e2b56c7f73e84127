import { z } from "zod";
import { tiers } from "./tiers";

/** SPEC §3 plan summary. Team-member fields are present only for team members. */
export const planSummarySchema = z.object({
  planName: z.string(),
  monthlyLimit: z.number().int(),
  hasActiveSubscription: z.boolean(),
  routesUsed: z.number().int(),
  subscriptionTier: z.enum(tiers),
  hasPaymentMethod: z.boolean(),
  isTeamMember: z.boolean().optional(),
  teamQuota: z.number().int().optional(),
  teamUsed: z.number().int().optional(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** SPEC §3 usage summary: the plan summary plus derived usage figures. */
export const usageSummarySchema = planSummarySchema.extend({
  usagePercentage: z.number(),
  remainingRoutes: z.number().int(),
  isOverLimit: z.boolean(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
