/** Leading list markers: "- ", "* ", "• ", "3. ", "3) ".  */
const BULLET = /^\s*(?:[-*•·]|\d{1,3}[.)])\s+/;

/**
 * Addresses pasted one per line: trims each line, drops empty lines and leading bullets or
 * numbering ("- ", "• ", "3. ", "3) "), keeps the order and any repeats (a stop visited twice).
 */
export function parseAddressList(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(BULLET, "").trim())
    .filter((line) => line.length > 0);
}
