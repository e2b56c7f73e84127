import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs; secrets and cookies are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "*.newPassword", "*.currentPassword"],
      censor: "[redacted]",
    },
  });
}
