import { messages, toasts } from "./messages";
import { accountSecurityMessages, twoFactorErrorMessages } from "./account-security";
import { adminMessages } from "./admin";
import { analyticsMessages } from "./analytics";
import { billingMessages } from "./billing";
import { contactInboxMessages } from "./contact";
import { driverMessages } from "./driver";
import { fleetMessages } from "./fleet";
import { planMessages } from "./fleet-plans";
import { placeMessages } from "./geocode";
import { orderDraftMessages } from "./order-drafts";
import { profileMessages } from "./profile";
import { publicApiMessages } from "./public-api";
import { rateLimitMessages } from "./rate-limits";
import { routeMessages } from "./routes";
import { securityMessages } from "./security";
import { signInMethodErrorMessages, signInMethodMessages } from "./sign-in-methods";
import { systemMessages } from "./system";
import { teamAnalyticsMessages } from "./team-analytics";
import { teamMessages } from "./teams";
import { webSecurityMessages } from "./web-security";

/**
 * Stable keys for the contracts' user-facing messages (issue 30, decision 028 "Server message
 * codes"). A message's key is where it is declared: the object's name without `Messages` and the
 * property path (`routeMessages.tooManyStops` → `route.tooManyStops`,
 * `securityMessages.recommendations.ddos` → `security.recommendations.ddos`). `describeMessage`
 * turns an English text back into its key and, for a message function, the parameters it was
 * called with (as strings); the server adds them to error bodies, the web app translates them
 * (`errors:<key>`). A text declared twice (an error-code map pointing at another object's message,
 * or the same words in two objects) belongs to its first declaration: the later ones are aliases.
 * `encryptionMessages` is left out: its texts are logged, never shown.
 */

/** The declaring objects, in the order that decides which declaration a repeated text belongs to. */
const sources = {
  messages,
  toasts,
  route: routeMessages,
  place: placeMessages,
  fleet: fleetMessages,
  plan: planMessages,
  orderDraft: orderDraftMessages,
  driver: driverMessages,
  team: teamMessages,
  teamAnalytics: teamAnalyticsMessages,
  analytics: analyticsMessages,
  billing: billingMessages,
  profile: profileMessages,
  accountSecurity: accountSecurityMessages,
  signInMethod: signInMethodMessages,
  admin: adminMessages,
  contactInbox: contactInboxMessages,
  security: securityMessages,
  system: systemMessages,
  webSecurity: webSecurityMessages,
  rateLimit: rateLimitMessages,
  publicApi: publicApiMessages,
  twoFactorError: twoFactorErrorMessages,
  signInMethodError: signInMethodErrorMessages,
} as const;

/** A message's key and the parameters of a message function (empty for a fixed text). */
export interface MessageRef {
  key: string;
  params?: Record<string, string>;
}

/**
 * How a message function's text is recognised. `params`: the names of its arguments, in order;
 * the template is derived by calling it with placeholders (sound when each argument is only
 * interpolated as it is). `variants`: the templates declared by hand, keyed by their i18next key
 * suffix (`_one`/`_other` plural forms with the parameter `count`, a `_second`-style context with
 * the parameter `context`), for a function that formats an argument or chooses words by it.
 * `samples`: argument lists the unit test calls it with (round trip).
 */
type FunctionSpec = { params: readonly string[]; samples: readonly (readonly unknown[])[] } | { variants: Record<string, string>; samples: readonly (readonly unknown[])[] };

/** Every message function of `sources` (the unit test fails on one missing here). */
export const messageFunctionSpecs: Record<string, FunctionSpec> = {
  "messages.maxLength": { params: ["max"], samples: [[100]] },
  "messages.minLength": { params: ["min"], samples: [[8]] },
  "toasts.overLimit": {
    variants: { _one: "You've exceeded your monthly limit by {{count}} route", _other: "You've exceeded your monthly limit by {{count}} routes" },
    samples: [[1], [3]],
  },
  "toasts.overLimitDescription": { variants: { "": "Additional charge: £{{amount}}. Consider upgrading your plan." }, samples: [[1250], [5]] },
  "route.overQuota": { params: ["limit"], samples: [[20]] },
  "place.farFromOthers": {
    variants: {
      "": "This place is {{distance}} from the middle of the route, while the other places are within about {{spread}} of it. Check it is the one you meant.",
    },
    samples: [
      [120_000, 8_000, "km"],
      [120_000, 8_000, "mi"],
    ],
  },
  "place.otherCountry": { params: ["country", "others"], samples: [["France", "Germany, Belgium"]] },
  "fleet.demandDimensions": { params: ["dimensions"], samples: [[2]] },
  "fleet.unknownSkill": { params: ["skill"], samples: [["fridge"]] },
  "fleet.dimensionsInUse": {
    variants: {
      _one: "{{count}} vehicle has a capacity for the current dimensions: clear or archive it before changing how many dimensions there are",
      _other: "{{count}} vehicles have a capacity for the current dimensions: clear or archive them before changing how many dimensions there are",
    },
    samples: [[1], [4]],
  },
  "plan.noDriver": { params: ["vehicle"], samples: [["Van A"]] },
  "plan.alreadyDispatched": { params: ["vehicle"], samples: [["Van A"]] },
  "plan.dispatched": {
    variants: {
      _one: "{{team}}: your route for {{date}} with {{vehicle}} is ready ({{count}} stop).",
      _other: "{{team}}: your route for {{date}} with {{vehicle}} is ready ({{count}} stops).",
    },
    samples: [
      ["Acme", "3 March", "Van A", 1],
      ["Acme", "3 March", "Van A", 12],
    ],
  },
  "plan.dispatchedMailSubject": { params: ["date"], samples: [["3 March"]] },
  "plan.driverOffDay": { params: ["vehicle", "driver", "day"], samples: [["Van B", "Dana driver", "Saturdays"]] },
  "plan.driverLacksSkill": { params: ["vehicle", "driver", "skills"], samples: [["Van A", "Dana driver", "hazmat"]] },
  "plan.hasViolations": {
    variants: {
      _one: "The plan breaks {{count}} constraint (shown in red): fix it or re-plan, or dispatch anyway",
      _other: "The plan breaks {{count}} constraints (shown in red): fix them or re-plan, or dispatch anyway",
    },
    samples: [[1], [3]],
  },
  "orderDraft.tooLong": { variants: { "": "At most {{max}} characters" }, samples: [[200], [5000]] },
  "orderDraft.tooMany": { params: ["max"], samples: [[3]] },
  "driver.late": { params: ["driver", "route", "minutes"], samples: [["Dana", "Monday north", 25]] },
  "driver.routeChanged": { params: ["route"], samples: [["Monday north"]] },
  "team.allocationTooHigh": { params: ["available", "total"], samples: [[40, 100]] },
  "team.invitationOtherEmail": { params: ["email"], samples: [["a@example.com"]] },
  "team.allocationExceeded": { params: ["allocation"], samples: [[10]] },
  "team.teamQuotaExceeded": { params: ["total"], samples: [[100]] },
  "team.invitationReceived": { params: ["inviter", "team", "role"], samples: [["Ann", "Acme", "driver"]] },
  "team.invitationAcceptedMessage": { params: ["who", "team"], samples: [["Ann", "Acme"]] },
  "team.memberRemovedMessage": { params: ["team"], samples: [["Acme"]] },
  "team.roleChangedMessage": { params: ["team", "role"], samples: [["Acme", "manager"]] },
  "team.allocationChangedMessage": { params: ["team", "allocation"], samples: [["Acme", 30]] },
  "team.ownershipTransferredMessage": { params: ["team"], samples: [["Acme"]] },
  "team.invitationMailSubject": { params: ["team"], samples: [["Acme"]] },
  "accountSecurity.ownsTeam": { params: ["team"], samples: [["Acme"]] },
  "accountSecurity.otherSessionsRevoked": {
    variants: { _one: "{{count}} other session signed out", _other: "{{count}} other sessions signed out" },
    samples: [[1], [2]],
  },
  "signInMethod.linkSent": { params: ["email"], samples: [["a@example.com"]] },
  "signInMethod.codeSent": { params: ["email"], samples: [["a@example.com"]] },
  "signInMethod.identityRemoved": { params: ["name"], samples: [["Google"]] },
  "signInMethod.changeEmailSent": { params: ["email"], samples: [["a@example.com"]] },
  "profile.emailChangeSent": { params: ["email"], samples: [["a@example.com"]] },
  "admin.deleteOwnsTeam": { params: ["email", "team"], samples: [["a@example.com", "Acme"]] },
  "admin.accountDeleted": { params: ["email"], samples: [["a@example.com"]] },
  "rateLimit.tooManyRequests": {
    variants: {
      _second_one: "Too many requests. Please try again in {{count}} second.",
      _second_other: "Too many requests. Please try again in {{count}} seconds.",
      _minute_one: "Too many requests. Please try again in {{count}} minute.",
      _minute_other: "Too many requests. Please try again in {{count}} minutes.",
      _hour_one: "Too many requests. Please try again in {{count}} hour.",
      _hour_other: "Too many requests. Please try again in {{count}} hours.",
    },
    samples: [[1], [30], [60], [600], [7200], [86_400]],
  },
  "publicApi.tooManyForSync": {
    variants: {
      "": "{{tasks}} tasks is more than the {{limit}} that POST /api/v1/optimize solves while you wait: send the same body to POST /api/v1/jobs and read the result from GET /api/v1/jobs/{id}",
    },
    samples: [[120], [1500]],
  },
  "publicApi.tooManyTasks": { variants: { "": "{{tasks}} tasks is more than the {{limit}} a problem may have: split it into smaller problems" }, samples: [[2500], [12_000]] },
};

type Node = string | ((...args: never[]) => string) | { readonly [key: string]: Node };

/** One recognisable text: a fixed message or one variant of a message function's template. */
interface Template {
  key: string;
  /** The i18next key suffix of a variant (`_one`, `_second_other`), "" for none. */
  suffix: string;
  /** The English text with `{{param}}` placeholders (a fixed text has none). */
  text: string;
  params: readonly string[];
}

/** Every declaration of the sources, by key: its value (a text or a function). */
const declared = new Map<string, string | ((...args: never[]) => string)>();
(function walk(node: Node, path: string) {
  if (typeof node === "string" || typeof node === "function") {
    declared.set(path, node);
    return;
  }
  for (const [name, child] of Object.entries(node)) walk(child, path ? `${path}.${name}` : name);
})(sources as unknown as Node, "");

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** The template of a function declared by `params`: called with a marker per argument, each marker becomes `{{name}}`. */
function derivedTemplate(fn: (...args: never[]) => string, params: readonly string[]): string {
  const markers = params.map((_, i) => `\u0000${i}\u0000`);
  let text = (fn as (...args: unknown[]) => string)(...markers);
  params.forEach((name, i) => {
    text = text.split(markers[i]!).join(`{{${name}}}`);
  });
  return text;
}

/** Keys whose texts repeat an earlier declaration's, each with the key the text belongs to. */
export const messageAliases: Record<string, string> = {};
/** Functions of the sources that `messageFunctionSpecs` does not describe (the unit test wants none). */
export const undescribedMessageFunctions: string[] = [];

const templates: Template[] = [];
const fixedTexts = new Map<string, string>();
for (const [key, value] of declared) {
  if (typeof value === "string") {
    const owner = fixedTexts.get(value);
    if (owner) messageAliases[key] = owner;
    else {
      fixedTexts.set(value, key);
      templates.push({ key, suffix: "", text: value, params: [] });
    }
    continue;
  }
  const spec = messageFunctionSpecs[key];
  if (!spec) {
    undescribedMessageFunctions.push(key);
    continue;
  }
  if ("params" in spec) templates.push({ key, suffix: "", text: derivedTemplate(value, spec.params), params: spec.params });
  else for (const [suffix, text] of Object.entries(spec.variants)) templates.push({ key, suffix, text, params: placeholdersOf(text) });
}

/** Every message key, in declaration order (aliases excluded). */
export const messageKeys: readonly string[] = [...new Set(templates.map((t) => t.key))];

/**
 * The English catalogue of the message keys, as i18next reads it: `{{param}}` placeholders,
 * plural (`_one`/`_other`) and context (`_second_one`) variants as suffixed keys. Keyed by the
 * full dotted key with its suffix ("route.overQuota", "rateLimit.tooManyRequests_second_one").
 */
export const messageCatalogue: Readonly<Record<string, string>> = Object.fromEntries(templates.map((t) => [`${t.key}${t.suffix}`, t.text]));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Matcher {
  template: Template;
  pattern: RegExp;
  /** The parameter of each capture group, in the order of the text. */
  groups: string[];
}
let matchers: Matcher[] | undefined;

function parametricMatchers(): Matcher[] {
  matchers ??= templates
    .filter((t) => t.params.length > 0)
    .map((template) => {
      const groups: string[] = [];
      // split with a capture group: even indexes are literal text, odd ones parameter names.
      const source = template.text
        .split(PLACEHOLDER)
        .map((part, i) => {
          if (i % 2 === 0) return escapeRegExp(part);
          const seen = groups.indexOf(part);
          if (seen >= 0) return `\\${seen + 1}`;
          groups.push(part);
          return part === "count" ? "(\\d+)" : "([\\s\\S]+?)";
        })
        .join("");
      return { template, pattern: new RegExp(`^${source}$`), groups };
    });
  return matchers;
}

/**
 * The key (and parameters, as strings) of a contracts message text, or undefined for a text the
 * contracts do not declare. A variant's context is returned as the parameter `context`
 * (`rateLimit.tooManyRequests` in seconds: `{ count: "30", context: "second" }`), so
 * `t(key, { ...params, count: Number(params.count) })` picks the variant in every language.
 */
export function describeMessage(text: string): MessageRef | undefined {
  const fixed = fixedTexts.get(text);
  if (fixed !== undefined) return { key: fixed };
  for (const { template, pattern, groups } of parametricMatchers()) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    groups.forEach((name, i) => {
      params[name] = match[i + 1]!;
    });
    const context = /^_([a-z]+)_(?:one|other)$/.exec(template.suffix)?.[1];
    if (context) params.context = context;
    return { key: template.key, params };
  }
  return undefined;
}

/** The English text of a key and parameters (the catalogue's template, filled in), or undefined for an unknown key. */
export function englishMessage(ref: MessageRef): string | undefined {
  const params = ref.params ?? {};
  const candidates = templates.filter((t) => t.key === ref.key);
  if (candidates.length === 0) return undefined;
  const count = params.count === undefined ? undefined : Number(params.count);
  const plural = count === undefined ? undefined : new Intl.PluralRules("en").select(count);
  const wanted = candidates.find((t) => t.suffix === "" || t.suffix === `${params.context ? `_${params.context}` : ""}_${plural}`) ?? candidates[0]!;
  return wanted.text.replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole);
}

/** The keys of the `fields` messages the contracts declare: field → key and parameters. */
export function describeFieldMessages(fields: Record<string, string>): Record<string, MessageRef> | undefined {
  const out: Record<string, MessageRef> = {};
  for (const [field, text] of Object.entries(fields)) {
    const ref = describeMessage(text);
    if (ref) out[field] = ref;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
