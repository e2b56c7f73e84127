import { z } from "zod";
import { messages } from "./messages";

/**
 * SPEC §5 "dangerous patterns": script and iframe tags, script protocols, event handler
 * attributes, SQL-like keywords, shell pipes, path traversal and control characters.
 */
const dangerousPatterns: RegExp[] = [
  /<\s*\/?\s*(script|iframe)\b/i,
  /\b(javascript|vbscript)\s*:/i,
  /\bdata\s*:\s*text\/html/i,
  /\bon[a-z]+\s*=/i,
  /\b(union\s+select|insert\s+into|delete\s+from|drop\s+(table|database)|update\s+\w+\s+set|exec\s*\(|;\s*--)/i,
  /(\|\s*(sh|bash|zsh|cmd|powershell|nc|curl|wget)\b|`[^`]*`|\$\([^)]*\))/i,
  /(\.\.\/|\.\.\\)/,
  // control characters other than tab, line feed and carriage return
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/,
];

/** True when the text matches one of SPEC §5's dangerous patterns. */
export function isDangerous(text: string): boolean {
  return dangerousPatterns.some((re) => re.test(text));
}

/** A required, trimmed text field with SPEC §5 length messages and the dangerous-content check. */
export function safeText(opts: { min?: number; max: number; required?: boolean }) {
  const min = opts.min ?? (opts.required === false ? 0 : 1);
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0 && opts.required !== false) {
        ctx.addIssue({ code: "custom", message: messages.required });
        return;
      }
      if (value.length > 0 && value.length < min) {
        ctx.addIssue({ code: "custom", message: messages.minLength(min) });
        return;
      }
      if (value.length > opts.max) {
        ctx.addIssue({ code: "custom", message: messages.maxLength(opts.max) });
        return;
      }
      if (isDangerous(value)) ctx.addIssue({ code: "custom", message: messages.dangerous });
    });
}

const emailShape = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** SPEC §5 e-mail: required, up to 254 characters, standard address shape. */
export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: messages.required });
    else if (value.length > 254) ctx.addIssue({ code: "custom", message: messages.maxLength(254) });
    else if (!emailShape.test(value)) ctx.addIssue({ code: "custom", message: messages.invalidFormat });
  });

/** The individual password rules, so a form can show which ones are met. */
export const passwordRules = [
  { id: "length", label: "8 to 128 characters", test: (p: string) => p.length >= 8 && p.length <= 128 },
  { id: "upper", label: "An upper case letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "A lower case letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "A digit", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "A special character", test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/** Returns the SPEC §5 message for a password, or null when it is acceptable. */
export function passwordProblem(password: string | undefined | null): string | null {
  if (!password) return messages.required;
  if (password.length < 8) return messages.minLength(8);
  if (password.length > 128) return messages.maxLength(128);
  if (!passwordRules.every((rule) => rule.test(password))) return messages.invalidFormat;
  return null;
}

/** SPEC §5 password: 8–128 characters with upper, lower, digit and special character. */
export const passwordSchema = z.string({ error: messages.required }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** SPEC §5 location: required, 3 to 200 characters, no angle brackets. */
export const locationSchema = z
  .string({ error: messages.required })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: "custom", message: messages.required });
    else if (value.length < 3) ctx.addIssue({ code: "custom", message: messages.minLength(3) });
    else if (value.length > 200) ctx.addIssue({ code: "custom", message: messages.maxLength(200) });
    else if (/[<>]/.test(value)) ctx.addIssue({ code: "custom", message: messages.invalidFormat });
    else if (isDangerous(value)) ctx.addIssue({ code: "custom", message: messages.dangerous });
  });
