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

/**
 * SPEC §3 usage summary: the plan summary plus derived usage figures. `canOptimize` is false when
 * the next optimisation would be refused (the limit reached without a payment method, or a team
 * member's allocation or team quota used up); `periodResetsAt` is when the count starts again.
 */
export const usageSummarySchema = planSummarySchema.extend({
  usagePercentage: z.number(),
  remainingRoutes: z.number().int(),
  isOverLimit: z.boolean(),
  canOptimize: z.boolean(),
  /** Why the next optimisation would be refused (the server's 402 message), null when it would not. */
  refusal: z.string().nullable(),
  periodResetsAt: z.string(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
