import { eq, sql } from "drizzle-orm";
import { userPreferences, type DbOrTx } from "@routepilot/db";
import { acceptLanguageOf, defaultMailLanguage, supportedMailLanguage, type MailLanguage } from "./i18n";

/**
 * The language a user reads RoutePilot in: their stored `preferences.language`, read without
 * creating the preferences row; null when they have none (no row yet: right after sign-up, the
 * web app has not saved one) or it is not a language e-mails are written in.
 */
export async function storedMailLanguage(db: DbOrTx, userId: string): Promise<MailLanguage | null> {
  const [row] = await db
    .select({ language: sql<string | null>`${userPreferences.preferences}->>'language'` })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return supportedMailLanguage(row?.language);
}

/**
 * The language of an e-mail to a person (decision 028, "E-mails"): the user's preference when the
 * recipient has an account with one; else the language the request came in with (the first
 * supported language of its Accept-Language); else English.
 */
export async function recipientMailLanguage(db: DbOrTx, recipient: { userId?: string | null | undefined; acceptLanguage?: string | null | undefined }): Promise<MailLanguage> {
  const stored = recipient.userId ? await storedMailLanguage(db, recipient.userId) : null;
  return stored ?? acceptLanguageOf(recipient.acceptLanguage) ?? defaultMailLanguage;
}
