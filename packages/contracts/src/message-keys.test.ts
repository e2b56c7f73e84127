import { describe, expect, it } from "vitest";
import {
  describeFieldMessages,
  describeMessage,
  englishMessage,
  messageAliases,
  messageCatalogue,
  messageFunctionSpecs,
  messageKeys,
  undescribedMessageFunctions,
} from "./message-keys";
import { messages } from "./messages";
import { fleetMessages } from "./fleet";
import { routeMessages } from "./routes";
import { securityMessages } from "./security";
import { rateLimitMessages } from "./rate-limits";
import { teamMessages } from "./teams";
import * as contracts from "./index";

/** Every declared message of the catalogue with its key: fixed texts as they are, functions called with their samples. */
function declaredTexts(): Array<{ key: string; text: string }> {
  const out: Array<{ key: string; text: string }> = [];
  for (const key of messageKeys) {
    const spec = messageFunctionSpecs[key];
    if (!spec) {
      out.push({ key, text: messageCatalogue[key]! });
      continue;
    }
    const fn = functionAt(key);
    for (const args of spec.samples) out.push({ key, text: fn(...args) });
  }
  return out;
}

const objectNames: Record<string, string> = { messages: "messages", toasts: "toasts" };
function functionAt(key: string): (...args: unknown[]) => string {
  const [object, ...path] = key.split(".");
  const exported = (contracts as Record<string, unknown>)[objectNames[object!] ?? `${object}Messages`];
  const fn = path.reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], exported);
  if (typeof fn !== "function") throw new Error(`${key} is not a function`);
  return fn as (...args: unknown[]) => string;
}

describe("message keys (issue 30)", () => {
  it("are derived from the declaration: object name without Messages, then the property path", () => {
    expect(describeMessage(routeMessages.tooManyStops)).toEqual({ key: "route.tooManyStops" });
    expect(describeMessage(securityMessages.recommendations.ddos)).toEqual({ key: "security.recommendations.ddos" });
    expect(describeMessage(messages.required)).toEqual({ key: "messages.required" });
    expect(describeMessage("Some text no contract declares")).toBeUndefined();
  });

  it("are unique, every function is described, and no spec names a function that does not exist", () => {
    expect(new Set(messageKeys).size).toBe(messageKeys.length);
    expect(undescribedMessageFunctions).toEqual([]);
    for (const key of Object.keys(messageFunctionSpecs)) expect(messageKeys, key).toContain(key);
  });

  it("give each fixed text its own key; a repeated text belongs to its first declaration", () => {
    for (const key of messageKeys) {
      if (messageFunctionSpecs[key]) continue;
      expect(describeMessage(messageCatalogue[key]!), key).toEqual({ key });
    }
    // The repeats today: the error-code maps point at other objects' texts, and a few texts are shared.
    for (const [alias, owner] of Object.entries(messageAliases)) {
      expect(messageKeys, alias).not.toContain(alias);
      expect(messageKeys, owner).toContain(owner);
    }
    expect(messageAliases["signInMethodError.INVALID_OTP"]).toBe("signInMethod.wrongCode");
    expect(messageAliases["analytics.date"]).toBe("fleet.date");
  });

  it("recognise parametric messages and round-trip them: text → key and parameters → the same English text", () => {
    for (const { key, text } of declaredTexts()) {
      const ref = describeMessage(text);
      expect(ref?.key, text).toBe(key);
      if (messageFunctionSpecs[key]) expect(Object.values(ref!.params ?? {}).length, text).toBeGreaterThan(0);
      for (const value of Object.values(ref!.params ?? {})) expect(typeof value).toBe("string");
      expect(englishMessage(ref!), key).toBe(text);
    }
    expect(describeMessage(messages.maxLength(100))).toEqual({ key: "messages.maxLength", params: { max: "100" } });
    expect(describeMessage(fleetMessages.unknownSkill("fridge"))).toEqual({ key: "fleet.unknownSkill", params: { skill: "fridge" } });
    expect(describeMessage(teamMessages.allocationTooHigh(40, 100))).toEqual({ key: "team.allocationTooHigh", params: { available: "40", total: "100" } });
    expect(describeMessage(rateLimitMessages.tooManyRequests(30))).toEqual({ key: "rateLimit.tooManyRequests", params: { count: "30", context: "second" } });
    expect(describeMessage(rateLimitMessages.tooManyRequests(61))).toEqual({ key: "rateLimit.tooManyRequests", params: { count: "2", context: "minute" } });
  });

  it("describe the known messages of a validation failure's fields", () => {
    expect(describeFieldMessages({ name: messages.maxLength(80), other: "not a contracts text" })).toEqual({
      name: { key: "messages.maxLength", params: { max: "80" } },
    });
    expect(describeFieldMessages({ other: "not a contracts text" })).toBeUndefined();
  });

  it("has one catalogue entry per template, with {{param}} placeholders only where the message takes parameters", () => {
    for (const [entry, text] of Object.entries(messageCatalogue)) {
      const key = entry.replace(/_[a-z_]+$/, "");
      expect(messageKeys, entry).toContain(key);
      if (!messageFunctionSpecs[key]) expect(text, entry).not.toMatch(/\{\{/);
    }
  });
});
