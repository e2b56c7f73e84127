import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, fleetTeamWithDriver, linkIn, login, PASSWORD, signUpViaApi, test, uniqueEmail, waitForMail } from "./fixtures";

/** Serious or critical axe findings on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A 600×400 PNG: left half orange, right half teal. */
function picture(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .composite([{ input: { create: { width: 300, height: 400, channels: 3, background: { r: 0, g: 128, b: 128 } } }, left: 300, top: 0 }])
    .png()
    .toBuffer();
}

/** Whether the <img> has loaded real pixels (the served avatar, not a broken image). */
const loaded = (img: ReturnType<Page["locator"]>) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 256);

test("change the name and the picture: the top bar and the team's member list show them; remove the picture", async ({ browser, request }) => {
  const ownerEmail = uniqueEmail("profile-owner");
  const memberEmail = uniqueEmail("profile-member");
  const owner = await signUpViaApi(request, ownerEmail, PASSWORD, "Olivia Owner");
  const member = await signUpViaApi(request, memberEmail, PASSWORD, "Max Member");
  await request.post("/api/auth/sign-out", { data: {} });
  const teamId = await fleetTeamWithDriver(request, owner.user, memberEmail, "Profile Crew");

  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await login(page, memberEmail);
  await expect(page.getByTestId("account-menu-label")).toHaveText("Max Member");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  // The name: refused empty, saved trimmed, shown in the top bar at once.
  const name = page.getByLabel("Display name", { exact: true });
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await name.fill("  Maxine Member-Lee ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved")).toBeVisible();
  await expect(page.getByTestId("account-menu-label")).toHaveText("Maxine Member-Lee");

  // A file that is not a picture is refused by the server with its message.
  await page.getByTestId("avatar-file-input").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
  await page.getByRole("dialog", { name: "Crop your picture" }).getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByRole("dialog").getByText("Choose a PNG, JPEG or WebP image")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // The picture: cropped with the keyboard and the zoom, then saved.
  await page.getByTestId("avatar-file-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await picture() });
  const dialog = page.getByRole("dialog", { name: "Crop your picture" });
  await expect(dialog.getByRole("img", { name: "The picture you chose" })).toBeVisible();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  const area = dialog.getByRole("group", { name: "Crop area" });
  await area.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  expect(await axeFindings(page), "/profile, crop dialog").toEqual([]);
  const put = page.waitForResponse((r) => r.url().endsWith("/api/me/avatar") && r.request().method() === "PUT");
  await dialog.getByRole("button", { name: "Save picture" }).click();
  expect((await put).status()).toBe(200);
  await expect(page.getByText("Your avatar is saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  const topBarPicture = page.getByTestId("account-menu-trigger").getByTestId("user-avatar-image");
  await expect(topBarPicture).toHaveAttribute("src", new RegExp(`^/api/avatars/${member.user.id}/[\\w-]{22}$`));
  await expect.poll(() => loaded(topBarPicture)).toBe(true);
  const url = (await topBarPicture.getAttribute("src"))!;
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");
  expect(served.headers()["etag"]).toMatch(/^"[0-9a-f]{64}"$/);

  // The owner sees the new name and picture in the team's member list.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await login(ownerPage, ownerEmail);
  await ownerPage.goto(`/team-dashboard?team=${teamId}`);
  const row = ownerPage.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: memberEmail });
  await expect(row).toContainText("Maxine Member-Lee");
  const rowPicture = row.getByTestId("user-avatar-image");
  await expect(rowPicture).toHaveAttribute("src", url);
  await expect.poll(() => loaded(rowPicture)).toBe(true);
  // The owner has no picture: initials in a circle.
  await expect(ownerPage.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: ownerEmail }).getByTestId("user-avatar-initials")).toHaveText("OO");

  // Removing the picture deletes it: initials again, and the old URL is gone.
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Your avatar is removed")).toBeVisible();
  await expect(page.getByTestId("account-menu-trigger").getByTestId("user-avatar-initials")).toHaveText("MM");
  expect((await page.request.get(url)).status()).toBe(404);

  await ownerContext.close();
  await memberContext.close();
});

test("change the e-mail address: nothing changes until the link from the new address's inbox is used", async ({ page, request }) => {
  const email = uniqueEmail("profile-email");
  const newEmail = uniqueEmail("profile-new");
  await signUpViaApi(request, email, PASSWORD, "Erin Email");
  await login(page, email);
  await page.goto("/profile");
  const form = page.getByRole("form", { name: "Change e-mail" });
  await form.getByLabel("New e-mail address").fill(newEmail);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByRole("status")).toContainText(`We sent a confirmation link to ${newEmail}`);
  await expect(form.getByRole("status")).toContainText("until then you keep signing in with your current address");
  await page.reload();
  await expect(page.getByRole("definition").filter({ hasText: email })).toBeVisible();

  const link = linkIn(await waitForMail(newEmail, /Confirm your new RoutePilot e-mail address/));
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile\?email-changed=1/);
  await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is now" })).toContainText(newEmail);
});

test("download my data on its own from /security (reached from the deletion page)", async ({ page, request }) => {
  const email = uniqueEmail("profile-export");
  await signUpViaApi(request, email, PASSWORD, "Dora Data");
  await login(page, email);
  await page.goto("/delete-account");
  await page.getByRole("link", { name: "Download my data on its own" }).click();
  await expect(page).toHaveURL(/\/security#download-data$/);
  const section = page.getByRole("form", { name: "Download my data" });
  await section.getByLabel("Password").fill("Wr0ng!Pass");
  await section.getByRole("button", { name: "Download my data" }).click();
  await expect(section.getByText("The password is not correct")).toBeVisible();
  await section.getByLabel("Password").fill(PASSWORD);
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^routepilot-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, "utf8")) as { profile: { email: string; name: string } };
  expect(data.profile).toMatchObject({ email, name: "Dora Data" });
  // Nothing was deleted: the account is still signed in.
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

for (const theme of ["light", "dark"] as const) {
  test(`/profile has no serious axe findings at 375 px (${theme}), and the phone menu has the account entries`, async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: theme });
    const page = await context.newPage();
    const email = uniqueEmail(`profile-a11y-${theme}`);
    await signUpViaApi(request, email, PASSWORD, "Ana Access");
    await login(page, email);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    expect(await axeFindings(page), `/profile ${theme}`).toEqual([]);

    await page.getByRole("button", { name: /open menu/i }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByTestId("mobile-menu-user")).toHaveText("Ana Access");
    for (const name of ["Profile", "Settings", "Security", "Help & Support"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    await menu.getByText("Company", { exact: true }).click();
    for (const name of ["About Us", "Contact Us", "Careers"]) await expect(menu.getByRole("link", { name })).toBeVisible();
    await menu.getByText("Legal", { exact: true }).click();
    for (const name of ["Terms of Service", "Privacy Policy"]) await expect(menu.getByRole("link", { name })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await axeFindings(page), `phone menu ${theme}`).toEqual([]);
    await menu.getByRole("link", { name: "Profile", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await context.close();
  });
}
