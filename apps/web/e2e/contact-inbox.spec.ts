import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, signUpViaApi, test, uniqueEmail, waitForMail } from "./fixtures";

async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** At 375 px wide nothing makes the page scroll sideways. */
async function expectFitsPhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a signed-in user's contact message (pre-filled) reaches the admin inbox at 375 px, is answered by e-mail and marked handled", async ({ browser, request }) => {
  const email = uniqueEmail("contact");
  await signUpViaApi(request, email, undefined, "Casey Contact");
  await request.post("/api/auth/sign-out", { data: {} });

  // The user writes from the contact page: name and e-mail are filled in from the account.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await login(user, email);
  await user.goto("/contact");
  const form = user.getByRole("form", { name: "Contact form" });
  await expect(form.getByLabel("Name")).toHaveValue("Casey Contact");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await form.getByLabel("Message").fill("Our depot moved to Schaan: how do I change it for every route?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(user.getByText(`A copy is on its way to ${email}.`)).toBeVisible();
  const copy = await waitForMail(email, /We received your message/);
  expect(copy.body).toContain("Our depot moved to Schaan");

  // The super admin opens the inbox on a phone: the unread count, the message in bold.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const admin = await adminContext.newPage();
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.goto("/admin?tab=inbox");
  const inboxTab = admin.getByRole("tab", { name: /Inbox/ });
  await expect(inboxTab).toHaveAttribute("aria-selected", "true");
  await expect(inboxTab).toContainText(/\d+ unread/);
  await expect(admin.getByText(/unread messages? in the inbox\./)).toBeVisible();
  await admin.getByLabel("Search messages").fill(email);
  const item = admin.getByRole("button", { name: /Unread: Casey Contact/ });
  await expect(item).toBeVisible();
  await expect(admin.getByRole("list", { name: "Messages, newest first" }).getByRole("button")).toHaveCount(1);
  expect(await seriousViolations(admin)).toEqual([]);
  await expectFitsPhone(admin);

  // Opening it marks it read; the reply goes by e-mail and stands in the thread.
  await item.click();
  await expect(admin.getByRole("heading", { name: "Casey Contact" })).toBeFocused();
  await admin.getByLabel(`Reply by e-mail to ${email}`).fill("Open Fleet, then Settings, and change the depot: new routes start there.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByRole("region", { name: "Contact inbox" }).getByRole("status")).toHaveText(`Reply sent to ${email}.`);
  const replies = admin.getByRole("region", { name: "Replies" });
  await expect(replies).toContainText("Open Fleet, then Settings, and change the depot");
  await expect(replies).toContainText("E-mailed");
  const reply = await waitForMail(email, /Re: your message to RoutePilot/);
  expect(reply.body).toContain("Open Fleet, then Settings, and change the depot");
  expect(reply.body).toContain("> Our depot moved to Schaan");
  expect(await seriousViolations(admin)).toEqual([]);
  await expectFitsPhone(admin);

  // Marked handled; back on the list it is read and handled.
  await admin.getByRole("button", { name: "Mark handled" }).click();
  await expect(admin.getByRole("button", { name: "Reopen" })).toBeVisible();
  await admin.getByRole("button", { name: "Back to the inbox" }).click();
  const read = admin.getByRole("button", { name: /Casey Contact/ });
  await expect(read).toBeFocused();
  await expect(read).toContainText("Handled");
  await expect(read).not.toContainText("Unread:");
  await admin.getByLabel("Filter by status").selectOption("handled");
  await expect(admin.getByRole("list", { name: "Messages, newest first" }).getByRole("button", { name: /Casey Contact/ })).toBeVisible();

  // The user is no administrator: the inbox API refuses them.
  expect((await user.request.get("/api/admin/contact-messages")).status()).toBe(403);
  await userContext.close();
  await adminContext.close();
});
