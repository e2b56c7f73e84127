import { request } from "@playwright/test";
import { ADMIN } from "./fixtures";

/** The first account on the fresh database becomes super_admin; journeys use it to set roles. */
export default async function globalSetup() {
  const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3000";
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post("/api/auth/sign-up/email", { data: { ...ADMIN, name: "Admin" } });
  if (res.status() !== 200 && res.status() !== 422) throw new Error(`admin sign-up failed: ${res.status()} ${await res.text()}`);
  await ctx.dispose();
}
