/**
 * Folds text for matching: lower case, no diacritics ("Zürich" → "zurich", "ß" → "ss"),
 * punctuation as spaces, single spaces, trimmed.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/œ/g, "oe")
    .replace(/ł/g, "l")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Normalized words of `text`. */
export function tokenize(text: string): string[] {
  const n = normalizeText(text);
  return n === "" ? [] : n.split(" ");
}
