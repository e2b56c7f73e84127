import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./markup";

describe("escapeMarkup", () => {
  it("escapes the five special characters for HTML and XML", () => {
    expect(escapeMarkup(`A & B <c> "d" 'e'`)).toBe("A &amp; B &lt;c&gt; &quot;d&quot; &#39;e&#39;");
    expect(escapeMarkup("&amp;")).toBe("&amp;amp;");
  });

  it("drops characters XML 1.0 forbids and keeps tabs, line breaks and other text", () => {
    expect(escapeMarkup("a\u0000b\u0008c\u000bd\u001fe\ufffff")).toBe("abcdef");
    expect(escapeMarkup("Städtle 38\tVaduz\r\n— 🚚")).toBe("Städtle 38\tVaduz\r\n— 🚚");
  });
});
