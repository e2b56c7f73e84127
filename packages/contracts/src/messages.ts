/** SPEC §5 validation messages, defined once and shared by the web app and the server. */
export const messages = {
  required: "This field is required",
  maxLength: (n: number) => `Must be ${n} characters or less`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  dangerous: "Input contains potentially dangerous content",
  invalidFormat: "Invalid format",
  blacklisted: "Contains prohibited content",
  custom: "Failed custom validation",
  startRequired: "Start point is required",
  destinationRequired: "At least one destination is required",
} as const;

/** SPEC §8 toast and error texts. */
export const toasts = {
  signOutError: "Error signing out",
  signOutSuccess: "Signed out successfully",
  noNotifications: "No notifications",
  overLimit: (n: number) => `You've exceeded your monthly limit by ${n} route${n === 1 ? "" : "s"}`,
  overLimitDescription: (amountPence: number) =>
    `Additional charge: £${(amountPence / 100).toFixed(2)}. Consider upgrading your plan.`,
} as const;
