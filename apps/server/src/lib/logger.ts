import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; secrets and cookies are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "*.newPassword", "*.currentPassword"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|otp|api[-_]?key|signature/i;
const SECRET_IN_TEXT = [
  // query parameters and key=value pairs: ?token=…, &code=…, secret=…
  /\b((?:[a-z_]*token|code|secret|password|otp|api[-_]?key|signature)=)[^&\s"',;]+/gi,
  // Authorization: Bearer …
  /\b(bearer\s+)[a-z0-9._~+/=-]+/gi,
  // credentials inside URLs: scheme://user:password@host
  /(\/\/[^/\s:@]+:)[^@\s/]+(?=@)/g,
];

/** Masks secrets in a string: token/code/password parameters, bearer tokens and URL passwords. */
export function redactText(text: string): string {
  return SECRET_IN_TEXT.reduce((out, pattern) => out.replace(pattern, "$1[redacted]"), text);
}

/**
 * A copy of `value` safe to log: properties named like secrets (password, token, secret, cookie,
 * authorization, otp, api key) are replaced and secrets inside strings are masked. Errors keep
 * their name and (masked) message. Depth-limited, so cycles cannot loop.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (value instanceof Error) return { name: value.name, message: redactText(value.message) };
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? "[redacted]" : redactSecrets(v, depth + 1);
  return out;
}
