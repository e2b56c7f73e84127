import { describe, expect, it } from "vitest";
import { emailSchema, isDangerous, locationSchema, passwordProblem, passwordSchema } from "./validation";
import { messages } from "./messages";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe("SPEC §5 validation", () => {
  it("rejects passwords with the SPEC messages", () => {
    expect(passwordProblem("")).toBe(messages.required);
    expect(passwordProblem("Ab1!")).toBe("Must be at least 8 characters");
    expect(passwordProblem(`Ab1!${"x".repeat(130)}`)).toBe("Must be 128 characters or less");
    expect(passwordProblem("abcdefg1!")).toBe(messages.invalidFormat);
    expect(passwordProblem("ABCDEFG1!")).toBe(messages.invalidFormat);
    expect(passwordProblem("Abcdefgh!")).toBe(messages.invalidFormat);
    expect(passwordProblem("Abcdefgh1")).toBe(messages.invalidFormat);
    expect(passwordProblem("Abcdefg1!")).toBeNull();
    expect(passwordSchema.safeParse("Abcdefg1!").success).toBe(true);
  });

  it("checks e-mail shape and length", () => {
    expect(firstMessage(emailSchema.safeParse(""))).toBe(messages.required);
    expect(firstMessage(emailSchema.safeParse("not-an-email"))).toBe(messages.invalidFormat);
    expect(firstMessage(emailSchema.safeParse(`${"a".repeat(250)}@b.co`))).toBe("Must be 254 characters or less");
    expect(emailSchema.parse("  ana@example.com ")).toBe("ana@example.com");
  });

  it("checks locations", () => {
    expect(firstMessage(locationSchema.safeParse("ab"))).toBe("Must be at least 3 characters");
    expect(firstMessage(locationSchema.safeParse("a".repeat(201)))).toBe("Must be 200 characters or less");
    expect(firstMessage(locationSchema.safeParse("<b>Main</b> street"))).toBe(messages.invalidFormat);
    expect(locationSchema.safeParse("10 Downing Street, London").success).toBe(true);
  });

  it("flags dangerous content", () => {
    expect(isDangerous("<script>alert(1)</script>")).toBe(true);
    expect(isDangerous("javascript:alert(1)")).toBe(true);
    expect(isDangerous('img onerror="x"')).toBe(true);
    expect(isDangerous("1; DROP TABLE users")).toBe(true);
    expect(isDangerous("../../etc/passwd")).toBe(true);
    expect(isDangerous("cat x | sh")).toBe(true);
    expect(isDangerous("Rue de l'Église 4, Vaduz")).toBe(false);
    expect(isDangerous("Select Hotel, From Street")).toBe(false);
  });
});
