import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { messageCatalogue } from "@routepilot/contracts";
import { namespaces, supportedLanguages } from "@/lib/i18n";

/**
 * The catalogues are complete and lean (decision 028): every key in English exists in every
 * language (plural keys in that language's own plural forms), no language has a key English lacks,
 * and every key is used by some source file.
 */

// apps/web/src (jsdom gives import.meta.url an http: scheme; Vitest sets import.meta.dirname).
const src = dirname(import.meta.dirname);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Catalogue = Record<string, unknown>;

function flatten(node: Catalogue, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value !== null && typeof value === "object" ? flatten(value as Catalogue, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function keysOf(language: string, namespace: string): string[] {
  return flatten(JSON.parse(readFileSync(join(src, "locales", language, `${namespace}.json`), "utf8")) as Catalogue).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("message catalogues", () => {
  const english = Object.fromEntries(namespaces.map((ns) => [ns, keysOf("en", ns)]));

  it("has a folder per language and no other", () => {
    expect(readdirSync(join(src, "locales"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()).toEqual([...supportedLanguages].sort());
  });

  /**
   * The keys a language's file must have: English's keys, with each plural key (`stops_one`,
   * `stops_other`) in exactly the plural forms that language has (CLDR: English and German one and
   * other; French, Italian and Spanish also many), so no file carries forms its language never uses.
   */
  function expectedKeys(language: string, ns: string): string[] {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const keys = new Set<string>();
    for (const key of english[ns]!) {
      if (pluralSuffix.test(key)) for (const category of categories) keys.add(key.replace(pluralSuffix, `_${category}`));
      else keys.add(key);
    }
    return [...keys].sort();
  }

  for (const language of supportedLanguages) {
    for (const ns of namespaces) {
      it(`${language}/${ns}.json has exactly the English keys, in its own plural forms`, () => {
        const keys = keysOf(language, ns);
        const expected = expectedKeys(language, ns);
        const missing = expected.filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !expected.includes(k));
        expect({ missing, extra }, `${language}/${ns}`).toEqual({ missing: [], extra: [] });
      });
    }
  }

  it("uses every key somewhere in the source (as a quoted literal: t(\"key\"), i18nKey=\"key\", or a labelKey)", () => {
    const files = sourceFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, "utf8") }));
    // `errors` keys are used by value (errors:<key> of a server body or describeMessage): each must be a contracts message key.
    const contractsKeys = new Set(Object.keys(messageCatalogue).map((k) => k.replace(pluralSuffix, "")));
    const unused: string[] = [];
    for (const ns of namespaces) {
      for (const key of new Set(english[ns]!.map((k) => k.replace(pluralSuffix, "")))) {
        if (ns === "errors" && contractsKeys.has(key)) continue;
        const literals = [key, `${ns}:${key}`].flatMap((k) => [`"${k}"`, `'${k}'`, `\`${k}\``]);
        if (!files.some((file) => literals.some((literal) => file.text.includes(literal)))) unused.push(`${ns}:${key}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
