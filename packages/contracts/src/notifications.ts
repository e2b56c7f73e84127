import { z } from "zod";

/** SPEC §3 team_notifications types. */
export const notificationTypes = ["team_invitation", "fleet_communication", "alert", "other"] as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the latest 20, newest first, plus the counts behind the bell badge. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** SPEC §9: the notifications menu lists 20 items. */
export const NOTIFICATION_LIMIT = 20;

/**
 * The usage notices (SPEC §9: at 80 % of the quota, rounded down, and at 100 %): the bell's
 * title and short message (two lines of the menu), and the subject and body of the e-mail sent
 * when the user's notifications preference is on. `resetsOn` is the reset date already
 * formatted for the user.
 */
export const usageNotices = {
  nearLimitTitle: "You are near your monthly route limit",
  nearLimitSubject: (used: number, total: number) => `You have used ${used} of your ${total} routes this month`,
  nearLimitBell: (used: number, total: number, resetsOn: string) => `${used} of your ${total} routes used this month. Your allowance resets on ${resetsOn}.`,
  nearLimit: (used: number, total: number, resetsOn: string) =>
    `You have used ${used} of the ${total} routes in your plan this month. When all ${total} are used, new optimisations wait until your allowance resets on ${resetsOn}.`,
  limitTitle: "Monthly limit reached",
  limitSubject: "You have used all the routes in your plan this month",
  /** At the limit without a payment method: optimising stops until the reset. */
  limitBell: (total: number, resetsOn: string) => `All ${total} routes of your plan are used. You can optimise again on ${resetsOn}.`,
  limit: (total: number, resetsOn: string) =>
    `You have used all ${total} routes of your plan this month. You can optimise again when your allowance resets on ${resetsOn}; your saved routes stay available.`,
  /** At the limit with a payment method on file: each route above it is charged. */
  limitWithCardBell: (total: number, price: string, resetsOn: string) => `All ${total} routes of your plan are used. Each further route costs ${price} until ${resetsOn}.`,
  limitWithCard: (total: number, price: string, resetsOn: string) =>
    `You have used all ${total} routes of your plan this month. Each further route costs ${price}, charged to your card on file, until your allowance resets on ${resetsOn}.`,
  /** A team member's allocation used up: the team admin gives more. */
  limitTeamBell: (total: number, resetsOn: string) => `All ${total} routes the team gave you are used. Ask the team admin for more, or wait until ${resetsOn}.`,
  limitTeam: (total: number, resetsOn: string) =>
    `You have used all ${total} routes the team gave you this month. Ask the team admin to raise your allocation, or wait until it resets on ${resetsOn}.`,
} as const;
