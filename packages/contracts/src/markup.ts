const SPECIALS: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML or XML element content and (quoted) attribute values: the five special
 * characters become entities (&#39; for the apostrophe, valid in both), and characters XML 1.0
 * forbids outright (C0 controls other than tab and line breaks, U+FFFE, U+FFFF) are dropped.
 * The one escaping helper for e-mail HTML, GPX export and map labels.
 */
export function escapeMarkup(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => SPECIALS[c] ?? c);
}
