/** Returns `target` when it is a same-site path (starts with one "/"), otherwise `fallback`. */
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (target.startsWith("/auth")) return fallback;
  return target;
}
