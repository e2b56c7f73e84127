import { z } from "zod";
import { emailSchema, safeText } from "./validation";

export const contactTopics = ["general", "sales", "support", "billing", "press"] as const;

/** POST /api/contact body. */
export const contactRequestSchema = z
  .object({
    name: safeText({ max: 100 }),
    email: emailSchema,
    topic: z.enum(contactTopics).default("general"),
    message: safeText({ min: 10, max: 5000 }),
  })
  .strict();
export type ContactRequest = z.input<typeof contactRequestSchema>;
