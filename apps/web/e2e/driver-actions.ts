import type { Locator, Page } from "@playwright/test";
import { encodePng } from "../scripts/png.mjs";
import { expect } from "./fixtures";

/** A small real PNG (a parcel-coloured square), as a phone camera would hand the page a file. */
export function photoPng(size = 48): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) rgba.set([0xa0, 0x6a + (i % 16), 0x3c, 0xff], i * 4);
  return encodePng(size, size, rgba);
}

/** Signs on the canvas with the mouse, as a finger would. */
export async function sign(page: Page) {
  const pad = page.getByTestId("signature-pad");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)), { steps: 2 });
  await page.mouse.up();
}

/** In the open "Delivered" dialog: a photo, a signature and the recipient's name. */
export async function fillProof(page: Page, dialog: Locator, recipient: string) {
  await dialog.locator('input[type="file"]').setInputFiles({ name: "parcel.png", mimeType: "image/png", buffer: photoPng() });
  await expect(dialog.getByRole("img", { name: "Photo 1" })).toBeVisible();
  await sign(page);
  await expect(dialog.getByText("Signed.")).toBeVisible();
  await dialog.getByLabel("Recipient's name").fill(recipient);
}
