/** The base32 secret of an otpauth:// URI, for typing into an app by hand; null when absent. */
export function secretOf(otpauthUri: string): string | null {
  try {
    return new URL(otpauthUri).searchParams.get("secret");
  } catch {
    return null;
  }
}

/** "4 May 2026, 14:05" in the user's locale settings (en-GB style). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}
