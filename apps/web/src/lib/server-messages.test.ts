import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  englishMessage,
  messageCatalogue,
  messages,
  planMessages,
  rateLimitMessages,
  routeMessages,
  teamMessages,
} from "@routepilot/contracts";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-client";
import { i18n } from "@/lib/i18n";
import { translateMessage, translateMessageRef } from "@/lib/server-messages";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";

// Issue 30 (decision 028, "Server message codes").
const locales = join(import.meta.dirname, "..", "locales");

function flatten(node: Record<string, unknown>, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) =>
      value !== null && typeof value === "object" ? Object.entries(flatten(value as Record<string, unknown>, `${prefix}${key}.`)) : [[`${prefix}${key}`, String(value)]],
    ),
  );
}
const catalogue = (language: string) => flatten(JSON.parse(readFileSync(join(locales, language, "errors.json"), "utf8")) as Record<string, unknown>);

afterEach(async () => {
  await i18n.changeLanguage("en");
  vi.unstubAllGlobals();
});

describe("the errors catalogue", () => {
  it("English is exactly the contracts' texts: one entry per contracts template, the same words", () => {
    expect(catalogue("en")).toEqual(messageCatalogue);
  });

  it("English through i18next renders every template as the contracts do: parameters, plural and context forms", () => {
    for (const entry of Object.keys(messageCatalogue)) {
      const form = /_(one|other)$/.exec(entry)?.[1];
      const base = form ? entry.slice(0, -form.length - 1) : entry;
      const context = form ? /_([a-z]+)$/.exec(base)?.[1] : undefined;
      const key = context ? base.slice(0, -context.length - 1) : base;
      const params: Record<string, string> = {};
      for (const [, name] of messageCatalogue[entry]!.matchAll(/\{\{(\w+)\}\}/g)) params[name!] = name === "count" ? (form === "one" ? "1" : "7") : `<${name}>`;
      if (context) params.context = context;
      expect(translateMessageRef({ key, params }, "missing"), entry).toBe(englishMessage({ key, params }));
    }
    for (const text of [rateLimitMessages.tooManyRequests(1), rateLimitMessages.tooManyRequests(600), planMessages.hasViolations(1), planMessages.hasViolations(4), messages.maxLength(80)]) {
      expect(translateMessage(text)).toBe(text);
    }
  });

  it("each language fills in the same parameters as English", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const english = catalogue("en");
    for (const language of ["de", "fr", "it", "es"]) {
      for (const [entry, text] of Object.entries(catalogue(language))) {
        const source = english[entry] ?? english[entry.replace(/_many$/, "_other")];
        expect(source, `${language} ${entry}`).toBeDefined();
        expect(placeholders(text), `${language} ${entry}`).toEqual(placeholders(source!));
      }
    }
  });
});

describe("messages in the reader's language", () => {
  it("translates a contracts text, with its parameters and plural and context forms; other texts stay as they are", async () => {
    await i18n.changeLanguage("de");
    expect(translateMessage(messages.required)).toBe("Dieses Feld ist erforderlich");
    expect(translateMessage(messages.maxLength(80))).toBe("Höchstens 80 Zeichen");
    expect(translateMessage(planMessages.hasViolations(1))).toBe("Der Plan verletzt 1 Bedingung (rot markiert): Beheben Sie sie, planen Sie neu oder disponieren Sie trotzdem");
    expect(translateMessage(rateLimitMessages.tooManyRequests(120))).toBe("Zu viele Anfragen. Bitte versuchen Sie es in 2 Minuten erneut.");
    expect(translateMessage("Something only the server says")).toBe("Something only the server says");
    expect(translateMessageRef({ key: "no.suchKey" }, "fallback")).toBe("fallback");
    await i18n.changeLanguage("fr");
    expect(translateMessage(teamMessages.allocationTooHigh(40, 100))).toBe(
      "Les quotas ne peuvent pas dépasser au total les 100 tournées mensuelles de l’équipe : 40 au plus peuvent encore être attribuées",
    );
  });

  it("an API failure with a key is shown translated (message and fields); one without a key as the server sent it", async () => {
    const body = {
      error: {
        code: "VALIDATION_ERROR",
        message: routeMessages.lastStop,
        key: "route.lastStop",
        fields: { name: messages.maxLength(80), other: "free text" },
        fieldKeys: { name: { key: "messages.maxLength", params: { max: "80" } } },
      },
    };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 400, headers: { "content-type": "application/json" } })));
    const error = await apiRequest("/routes/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(routeMessages.lastStop);
    expect(errorMessage(error)).toBe(routeMessages.lastStop);
    await i18n.changeLanguage("es");
    expect(errorMessage(error)).toBe("Una ruta necesita al menos un destino: elimina la ruta en su lugar");
    expect(fieldErrorsOf(error)).toEqual({ name: "Como máximo 80 caracteres", other: "free text" });
    expect(errorMessage(new ApiError(409, "CONFLICT", routeMessages.lastStop))).toBe(routeMessages.lastStop);
    await i18n.changeLanguage("it");
    expect(errorMessage(new Error(messages.required))).toBe("Questo campo è obbligatorio");
  });
});
