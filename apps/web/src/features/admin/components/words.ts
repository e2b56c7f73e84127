import type { TFunction } from "i18next";
import { identityName, type AccountRole } from "@routepilot/contracts";

/** An account role in the reader's words (catalogue keys of `admin`; English shows the role's code, as before). */
export const ROLE_KEY = { user: "role.user", admin: "role.admin", super_admin: "role.super_admin" } as const satisfies Record<AccountRole, string>;

/** A sign-in method's name: the password and single sign-on in the reader's words, a provider by its own name. */
export function signInMethodName(providerId: string, t: TFunction<"admin">): string {
  if (providerId === "credential") return t("signIn.password");
  if (providerId === "oidc") return t("signIn.sso");
  return identityName(providerId);
}
