import { describe, expect, it } from "vitest";
import { resolveTheme, themeChoiceFromPreferences, themePatch } from "@/lib/theme";

describe("theme rules", () => {
  it("resolves an explicit choice regardless of the OS", () => {
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("light", true)).toBe("light");
  });

  it("follows the OS for system", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });

  it("stores darkMode only for an explicit choice", () => {
    expect(themePatch("dark")).toEqual({ theme: "dark", darkMode: true });
    expect(themePatch("light")).toEqual({ theme: "light", darkMode: false });
    expect(themePatch("system")).toEqual({ theme: "system" });
  });

  it("reads the choice from preferences", () => {
    expect(themeChoiceFromPreferences({ theme: "system", darkMode: true })).toBe("system");
    expect(themeChoiceFromPreferences({ theme: "dark", darkMode: true })).toBe("dark");
  });
});
