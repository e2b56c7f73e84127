import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { ContactRequest } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

const contactResponseSchema = z.object({ id: z.string() });

/** POST /api/contact → 201 `{ id }`. */
export function sendContactMessage(body: ContactRequest): Promise<{ id: string }> {
  return apiRequest("/api/contact", { method: "POST", body, schema: contactResponseSchema });
}

export function useSendContactMessage() {
  // The contact form shows the failure at its fields, else above its button (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: sendContactMessage });
}
