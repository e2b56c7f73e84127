import { eq } from "drizzle-orm";
import { CHANGE_EMAIL_VALID_HOURS } from "@routepilot/contracts";
import { user, type Database } from "@routepilot/db";
import { changeEmailConfirmationEmail, resetPasswordEmail, verifyEmailEmail, type Mailer } from "../../../platform/mail/mail";
import { recipientMailLanguage } from "../../../platform/mail/language";

/**
 * The account e-mails Better Auth asks for, each in its recipient's language (decision 028,
 * "E-mails"): the user's language preference, else the request's Accept-Language (a verification
 * right after sign-up, before the web app saved a preference), else English.
 */

export interface AuthMailDeps {
  db: Database;
  mailer: Mailer;
}

/** Better Auth's user of a mail callback. */
interface MailUser {
  id: string;
  email: string;
  name: string;
}

/** The password-reset link (sendResetPassword). */
export async function sendResetPasswordMail(deps: AuthMailDeps, u: MailUser, url: string, headers: Headers | undefined): Promise<void> {
  const language = await recipientMailLanguage(deps.db, { userId: u.id, acceptLanguage: headers?.get("accept-language") });
  await deps.mailer.send(resetPasswordEmail({ to: u.email, name: u.name, link: url, language }));
}

/**
 * The verification link (sendVerificationEmail): at sign-up and when asked again, or — for an
 * e-mail change (user.changeEmail), where `u.email` is the NEW address — the confirmation to it.
 */
export async function sendVerificationMail(deps: AuthMailDeps, u: MailUser, url: string, headers: Headers | undefined): Promise<void> {
  const language = await recipientMailLanguage(deps.db, { userId: u.id, acceptLanguage: headers?.get("accept-language") });
  const [stored] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, u.id)).limit(1);
  if (stored && stored.email.toLowerCase() !== u.email.toLowerCase()) {
    await deps.mailer.send(changeEmailConfirmationEmail({ to: u.email, name: u.name, oldEmail: stored.email, link: url, hours: CHANGE_EMAIL_VALID_HOURS, language }));
    return;
  }
  await deps.mailer.send(verifyEmailEmail({ to: u.email, name: u.name, link: url, language }));
}
