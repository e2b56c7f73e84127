/** The base32 secret of an otpauth:// URI, for typing into an app by hand; null when absent. */
export function secretOf(otpauthUri: string): string | null {
  try {
    return new URL(otpauthUri).searchParams.get("secret");
  } catch {
    return null;
  }
}
