import { describe, expect, it } from "vitest";
import { messages } from "@routepilot/contracts";
import { ValidationError } from "../../lib/errors";
import { assertNoUnsafeMarkup, hasUnsafeMarkup, sanitizeHtml, sanitizeSecurityLayer } from "./sanitize";

/** Classic XSS vectors (OWASP filter-evasion cheat sheet and friends). */
const vectors = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<iframe src=\"javascript:alert(1)\"></iframe>",
  "<a href=\"javascript:alert(1)\">x</a>",
  "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
  "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
  "<a href=\" javascript:alert(1)\">x</a>",
  "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
  "<body onload=alert(1)>",
  "<div style=\"background:url(javascript:alert(1))\">x</div>",
  "<object data=\"javascript:alert(1)\"></object>",
  "<embed src=\"javascript:alert(1)\">",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
  "<form action=\"javascript:alert(1)\"><button>x</button></form>",
  "<details open ontoggle=alert(1)>",
  "<style>@import 'javascript:alert(1)';</style>",
  "<<script>alert(1)//<</script>",
  "<p onclick=\"alert(1)\">x</p>",
  "<input autofocus onfocus=alert(1)>",
];

const executable = /<\s*(script|iframe|object|embed|svg|math|style|meta|form|body|input|details)\b|\son\w+\s*=|javascript:|data:text\/html/i;

describe.each([
  ["HTML", sanitizeHtml],
  ["security-layer", sanitizeSecurityLayer],
])("SPEC §5 %s sanitiser", (_name, sanitiser) => {
  it.each(vectors)("leaves nothing executable of %s", (vector) => {
    expect(sanitiser(vector)).not.toMatch(executable);
  });
});

describe("SPEC §5 HTML sanitiser", () => {
  it("keeps p, br, strong, em, u, b, i, links (href, title) and images (src, alt, title); drops everything else", () => {
    expect(sanitizeHtml('<p>Hi <b>you</b><br><strong>s</strong> <em>e</em> <u>u</u> <i>i</i></p>')).toBe("<p>Hi <b>you</b><br /><strong>s</strong> <em>e</em> <u>u</u> <i>i</i></p>");
    expect(sanitizeHtml('<a href="https://example.com" title="t" class="c" target="_blank">x</a>')).toBe('<a href="https://example.com" title="t">x</a>');
    expect(sanitizeHtml('<img src="https://example.com/a.png" alt="a" title="t" width="9">')).toBe('<img src="https://example.com/a.png" alt="a" title="t" />');
    expect(sanitizeHtml("<span class=\"x\">s</span><div>d</div><h1>h</h1>")).toBe("sdh");
  });

  it("replaces a URL with an unsafe protocol by #; http, https, mailto, tel and relative URLs stay", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeHtml('<a href="vbscript:x">x</a>')).toBe('<a href="#">x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('<img src="#" />');
    for (const url of ["http://a.example/", "https://a.example/", "mailto:a@example.com", "tel:+441234", "/help"]) {
      expect(sanitizeHtml(`<a href="${url}">x</a>`)).toBe(`<a href="${url}">x</a>`);
    }
  });
});

describe("SPEC §5 security-layer sanitiser", () => {
  it("keeps p, br, strong, em, u, b, i, span, div; href and title on links; class on p, span and div only", () => {
    expect(sanitizeSecurityLayer('<div class="a"><span class="b" id="x">s</span><p class="c">p</p><b class="d">b</b></div>')).toBe('<div class="a"><span class="b">s</span><p class="c">p</p><b>b</b></div>');
    expect(sanitizeSecurityLayer('<a href="https://e.example" title="t" class="c">x</a><img src="x">')).toBe('<a href="https://e.example" title="t">x</a>');
  });
});

describe("free text: unsafe markup is refused with the SPEC generic message", () => {
  it.each(vectors)("refuses %s", (vector) => {
    expect(hasUnsafeMarkup(vector)).toBe(true);
  });

  it("accepts plain text (with <, >, & and quotes) and the allowed formatting", () => {
    for (const text of ["Ring twice & wait", "a < b > c", "Shared & <special>", "Ann <Smith>", "Ann's <shop>", "5 > 4 and 3 < 4", "O'Brien \"the van\"", "<b>Fragile</b>", "<p>Leave at <em>reception</em></p>", "Call <a href=\"tel:+441234\">me</a>", ""]) {
      expect(hasUnsafeMarkup(text), text).toBe(false);
    }
  });

  it("names every refused field", () => {
    expect(() => assertNoUnsafeMarkup({ name: "Van 1", note: "<img src=x>" })).toThrow(ValidationError);
    try {
      assertNoUnsafeMarkup({ name: "<svg>", note: "fine", other: null, missing: undefined });
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toBe(messages.dangerous);
      expect((error as ValidationError).fields).toEqual({ name: messages.dangerous });
    }
    expect(() => assertNoUnsafeMarkup({ subject: '<img src="https://e.example/logo.png" alt="logo">' }, "html")).not.toThrow();
    expect(() => assertNoUnsafeMarkup({ subject: '<img src="https://e.example/logo.png" alt="logo">' })).toThrow(ValidationError);
  });
});
