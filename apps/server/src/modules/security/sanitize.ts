import sanitize from "sanitize-html";
import { messages } from "@routepilot/contracts";
import { ValidationError } from "../../lib/errors";

/** SPEC §5: the URL schemes a link or image may use; anything else becomes "#". */
export const SAFE_URL_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** The scheme of a URL as a browser reads it (control characters and spaces ignored), or null for a relative URL. */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f]+/g, "").toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return match ? match[1]! : null;
}

/** An href/src kept as it is when its scheme is safe (or it is relative), else "#". */
function safeUrl(url: string): string {
  const scheme = schemeOf(url);
  return scheme === null || (SAFE_URL_SCHEMES as readonly string[]).includes(scheme) ? url : "#";
}

const urlTo = (attribute: "href" | "src") => (tagName: string, attribs: sanitize.Attributes) => ({
  tagName,
  attribs: attribs[attribute] === undefined ? attribs : { ...attribs, [attribute]: safeUrl(attribs[attribute]) },
});

/**
 * SPEC §5 "HTML sanitiser": only p, br, strong, em, u, b, i; links keep href and title, images
 * src, alt and title; a URL with an unsafe protocol becomes "#" (http, https, mailto, tel allowed).
 */
const htmlOptions: sanitize.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "b", "i", "a", "img"],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title"] },
  allowedSchemes: [...SAFE_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: { a: urlTo("href"), img: urlTo("src") },
  disallowedTagsMode: "discard",
};

/**
 * SPEC §5 "Security-layer sanitiser": p, br, strong, em, u, b, i, span, div; href and title on
 * links, class on p, span and div.
 */
const securityLayerOptions: sanitize.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "b", "i", "span", "div", "a"],
  allowedAttributes: { a: ["href", "title"], p: ["class"], span: ["class"], div: ["class"] },
  allowedSchemes: [...SAFE_URL_SCHEMES],
  allowProtocolRelative: false,
  transformTags: { a: urlTo("href") },
  disallowedTagsMode: "discard",
};

/** SPEC §5 HTML sanitiser. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, htmlOptions);
}

/** SPEC §5 security-layer sanitiser; when the sanitiser itself throws, the input is returned unchanged (SPEC). */
export function sanitizeSecurityLayer(input: string): string {
  try {
    return sanitize(input, securityLayerOptions);
  } catch {
    return input;
  }
}

export type MarkupPolicy = "html" | "securityLayer";

/**
 * Elements a browser knows (HTML, SVG, MathML): outside the allow-list they are markup to refuse.
 * A name that is none of these ("Ann <Smith>", "Shared & <special>") is shown as text wherever
 * RoutePilot shows it, so it is text unless it carries attributes.
 */
const KNOWN_ELEMENTS = new Set(
  (
    "a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del " +
    "details dfn dialog div dl dt em embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe " +
    "img image input ins isindex kbd keygen label legend li link listing main map mark marquee menu meta meter nav nobr noembed noframes noscript object ol " +
    "optgroup option output p param picture plaintext pre progress q rp rt ruby s samp script search section select slot small source span strike " +
    "strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp " +
    "svg animate animatemotion animatetransform circle clippath defs desc ellipse feimage filter foreignobject g line lineargradient marker mask " +
    "path pattern polygon polyline radialgradient rect set stop symbol text textpath tspan use view " +
    "math maction annotation annotation-xml menclose merror mfrac mglyph mi mmultiscripts mn mo mover mpadded mphantom mroot mrow ms mspace msqrt " +
    "mstyle msub msubsup msup mtable mtd mtext mtr munder munderover semantics"
  ).split(" "),
);

/**
 * Whether the text holds markup the SPEC sanitiser would remove or change: an element outside its
 * allow-list, an attribute it does not keep, a link or image whose URL scheme is unsafe. Text
 * without "<" never does; a sanitiser that throws counts as valid (SPEC §5).
 */
export function hasUnsafeMarkup(text: string, policy: MarkupPolicy = "securityLayer"): boolean {
  if (!text.includes("<")) return false;
  const options = policy === "html" ? htmlOptions : securityLayerOptions;
  const allowedTags = new Set(options.allowedTags || []);
  const allowedAttributes = (options.allowedAttributes || {}) as Record<string, string[]>;
  let unsafe = false;
  try {
    sanitize(text, {
      ...options,
      onOpenTag: (name: string, attribs: Record<string, string>) => {
        const tag = name.toLowerCase();
        const attributes = Object.keys(attribs);
        if (!allowedTags.has(tag)) {
          if (KNOWN_ELEMENTS.has(tag) || attributes.length > 0) unsafe = true;
          return;
        }
        const keep = allowedAttributes[tag] ?? [];
        if (attributes.some((a) => !keep.includes(a.toLowerCase()))) unsafe = true;
        for (const a of ["href", "src"]) if (attribs[a] !== undefined && safeUrl(attribs[a]) !== attribs[a]) unsafe = true;
      },
    });
  } catch {
    return false;
  }
  return unsafe;
}

/**
 * Free text that is stored and shown again (names, notes, templates) is plain text, escaped
 * wherever it is shown; markup the SPEC sanitiser would strip is refused with the SPEC generic
 * message rather than silently changed (decision 011). Fields are named as in the request
 * (e.g. "templates.next.body"); null and undefined values are skipped.
 */
export function assertNoUnsafeMarkup(fields: Record<string, string | null | undefined>, policy: MarkupPolicy = "securityLayer"): void {
  const bad: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string" && hasUnsafeMarkup(value, policy)) bad[name] = messages.dangerous;
  if (Object.keys(bad).length > 0) throw new ValidationError(messages.dangerous, bad);
}
