import { z } from "zod";
import { accountRoles } from "./me";
import { tiers } from "./tiers";

/** An account role an administrator can give (Better Auth admin plugin roles). */
export type AccountRole = (typeof accountRoles)[number];

/** The account role in a role field; fleet roles (driver, manager) listed after a comma are not account roles. */
export function accountRoleOf(role: string): AccountRole {
  const tokens = role.split(",").map((r) => r.trim());
  if (tokens.includes("super_admin")) return "super_admin";
  if (tokens.includes("admin")) return "admin";
  return "user";
}

export const adminPageSizes = [25, 50, 100] as const;
export const adminUserSorts = ["created", "email", "routesUsed"] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];

/** Messages the admin console and API show (written once here). */
export const adminMessages = {
  unknownTier: `Choose one of: ${tiers.join(", ")}`,
  unknownRole: `Choose one of: ${accountRoles.join(", ")}`,
  pageSize: "Page size must be 25, 50 or 100",
  adminsOnly: "Only administrators can do that",
  superAdminsOnly: "Only super administrators can change roles",
  lastSuperAdmin: "You are the last super administrator: make someone else super_admin before changing your own role",
  selfBan: "You cannot ban yourself",
  selfDelete: "You cannot delete your own account here: use Security → Delete my account",
  deleteSuperAdmin: "Only a super administrator can delete a super administrator's account",
  deleteAdmin: "Only a super administrator can delete an administrator's account",
  deleteOwnsTeam: (email: string, team: string) =>
    `${email} owns the team ${team}: its ownership must pass to another member, or the team be deleted, before the account can be deleted`,
  deleteConfirmation: "Type the user's e-mail address exactly to confirm",
  accountDeleted: (email: string) => `The account of ${email} has been deleted.`,
} as const;

/**
 * Why `actor` may not delete `target`'s account from the console, or null when they may (decision
 * 022): never one's own (that is the self-deletion flow); an admin deletes plain users only; a
 * super_admin deletes anyone else. The server enforces it; the console hides the action.
 */
export function accountDeletionRefusal(actor: { id: string; role: string }, target: { id: string; role: string }): string | null {
  const actorRole = accountRoleOf(actor.role);
  if (actorRole === "user") return adminMessages.adminsOnly;
  if (target.id === actor.id) return adminMessages.selfDelete;
  if (actorRole === "super_admin") return null;
  const targetRole = accountRoleOf(target.role);
  if (targetRole === "super_admin") return adminMessages.deleteSuperAdmin;
  if (targetRole === "admin") return adminMessages.deleteAdmin;
  return null;
}

/** GET /api/admin/users query string. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (adminPageSizes as readonly number[]).includes(n), adminMessages.pageSize)
    .default(25),
  sort: z.enum(adminUserSorts).default("created"),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  tier: z.enum(tiers),
  routesUsed: z.number().int(),
  monthlyLimit: z.number().int(),
  banned: z.boolean(),
  createdAt: z.string(),
  /** The user's linked sign-in methods: Better Auth `account.providerId` values (credential = password), sorted; shown with identityName. */
  signInMethods: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const changePlanSchema = z.object({ tier: z.enum(tiers, { error: adminMessages.unknownTier }) }).strict();
export const changeRoleSchema = z.object({ role: z.enum(accountRoles, { error: adminMessages.unknownRole }) }).strict();
export const banUserSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();

export const adminOverageChargeSchema = z.object({
  id: z.string(),
  billingPeriodStart: z.string(),
  billingPeriodEnd: z.string(),
  overageRoutes: z.number().int(),
  amountCharged: z.number().int(),
  paymentStatus: z.string(),
  createdAt: z.string(),
});
export type AdminOverageCharge = z.infer<typeof adminOverageChargeSchema>;
export const adminOverageChargesSchema = z.object({ charges: z.array(adminOverageChargeSchema) });
export const adminOverageQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(12) });
