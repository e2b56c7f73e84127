import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, profileMessages } from "@routepilot/contracts";
import { storageObjects, user } from "@routepilot/db";
import { BASE, createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A width×height image: left half red, right half blue (so the crop can be checked by colour). */
async function image(width: number, height: number, format: "png" | "jpeg" | "webp" = "png", orientation?: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  let pipeline = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: half, top: 0 },
  ]);
  if (orientation) pipeline = pipeline.withMetadata({ orientation });
  return pipeline.toFormat(format).toBuffer();
}

function put(form: FormData, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: BASE };
  if (cookie) headers.cookie = cookie;
  return Promise.resolve(t.app.request(`${BASE}/api/me/avatar`, { method: "PUT", headers, body: form }));
}

function formWith(bytes: Uint8Array, name = "me.png", type = "image/png", fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name, { type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const imageOf = async (userId: string) => (await t.deps.db.select({ image: user.image }).from(user).where(eq(user.id, userId)))[0]?.image ?? null;
const avatarObjects = async () => (await t.deps.db.select().from(storageObjects).where(eq(storageObjects.bucket, "avatars"))).map((o) => o.key);
const fileOf = (image: string) => {
  const [, , , userId, version] = image.split("/");
  return path.join(t.deps.env.DATA_DIR, "storage", "avatars", userId as string, `${version}.webp`);
};

async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] as number, data[at + 1] as number, data[at + 2] as number];
}
const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;

describe("PUT /api/me/avatar, GET /api/avatars/{userId}/{version}, DELETE /api/me/avatar", () => {
  it("401 without a session, nothing stored", async () => {
    const before = await avatarObjects();
    expect((await put(formWith(await image(40, 40)))).status).toBe(401);
    expect((await t.call("/api/me/avatar", { method: "DELETE" })).status).toBe(401);
    expect((await t.call("/api/avatars/someone/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(401);
    expect(await avatarObjects()).toEqual(before);
  });

  it("stores a 256×256 WebP of the centre square, sets a versioned image and serves it with immutable caching and an ETag", async () => {
    const { cookie, userId } = await t.signUp("avatar-owner@example.com");
    // 400×200, left half red: the centre square (100..300) is half red, half blue.
    const res = await put(formWith(await image(400, 200)), cookie);
    expect(res.status).toBe(200);
    const { image: url } = (await res.json()) as { image: string };
    expect(url).toMatch(new RegExp(`^/api/avatars/${userId}/[A-Za-z0-9_-]{22}$`));
    expect(await imageOf(userId)).toBe(url);

    const served = await t.call(url, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = served.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
    expect(isRed(await pixel(bytes, 20, 128))).toBe(true);
    expect(isBlue(await pixel(bytes, 236, 128))).toBe(true);

    const again = await t.call(url, { cookie, headers: { "if-none-match": etag as string } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);

    // The session Better Auth hands the web app carries it too.
    const session = (await (await t.call("/api/auth/get-session", { cookie })).json()) as { user: { image: string } };
    expect(session.user.image).toBe(url);
  });

  it("uses the client's crop square in the upright image (EXIF orientation applied), JPEG and WebP too", async () => {
    const { cookie } = await t.signUp("avatar-crop@example.com");
    // Crop the right, blue half of a 200×100 PNG: all blue.
    let res = await put(formWith(await image(200, 100), "a.png", "image/png", { cropX: "100", cropY: "0", cropSize: "100" }), cookie);
    expect(res.status).toBe(200);
    let bytes = Buffer.from(await (await t.call(((await res.json()) as { image: string }).image, { cookie })).arrayBuffer());
    expect(isBlue(await pixel(bytes, 10, 10))).toBe(true);
    expect(isBlue(await pixel(bytes, 245, 245))).toBe(true);

    // A JPEG stored 200×100 with orientation 6 (shown rotated 90° clockwise) is 100×200 upright: red on top.
    const jpeg = await image(200, 100, "jpeg", 6);
    res = await put(formWith(jpeg, "a.jpg", "image/jpeg", { cropX: "0", cropY: "0", cropSize: "100" }), cookie);
    expect(res.status).toBe(200);
    bytes = Buffer.from(await (await t.call(((await res.json()) as { image: string }).image, { cookie })).arrayBuffer());
    expect(isRed(await pixel(bytes, 128, 128))).toBe(true);

    res = await put(formWith(await image(64, 64, "webp"), "a.webp", "image/webp"), cookie);
    expect(res.status).toBe(200);
  });

  it("refuses bad files with the message and keeps the previous avatar (nothing half-written)", async () => {
    const { cookie, userId } = await t.signUp("avatar-bad@example.com");
    const first = ((await (await put(formWith(await image(50, 50)), cookie)).json()) as { image: string }).image;
    const objects = await avatarObjects();

    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    const cases: [FormData, number, string, string][] = [
      [formWith(gif, "a.gif", "image/gif"), 415, profileMessages.avatarType, "file"],
      [formWith(Buffer.from("<svg onload=alert(1)>"), "a.png", "image/png"), 415, profileMessages.avatarType, "file"],
      [formWith((await image(50, 50)).subarray(0, 60)), 400, profileMessages.avatarUnreadable, "file"],
      [formWith(await image(100, 50), "a.png", "image/png", { cropX: "60", cropY: "0", cropSize: "50" }), 400, profileMessages.avatarCrop, "crop"],
      [formWith(await image(100, 50), "a.png", "image/png", { cropX: "0" }), 400, profileMessages.avatarCrop, "crop"],
      [formWith(await image(100, 50), "a.png", "image/png", { cropX: "-1", cropY: "0", cropSize: "10" }), 400, profileMessages.avatarCrop, "crop"],
      [formWith(new Uint8Array(0)), 400, profileMessages.avatarRequired, "file"],
      [new FormData(), 400, profileMessages.avatarRequired, "file"],
    ];
    for (const [form, status, message, field] of cases) {
      const res = await put(form, cookie);
      expect(res.status, message).toBe(status);
      const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.message).toBe(message);
      expect(body.error.fields[field]).toBe(message);
    }

    // Larger than 5 MiB: 413 before decoding.
    const big = Buffer.concat([await image(10, 10), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooLarge = await put(formWith(big), cookie);
    expect(tooLarge.status).toBe(413);

    // Over 40 megapixels (a small file that would decode into a huge image).
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "white" } }).png({ compressionLevel: 9 }).toBuffer();
    const pixels = await put(formWith(huge), cookie);
    expect(pixels.status).toBe(400);
    expect(((await pixels.json()) as { error: { message: string } }).error.message).toBe(profileMessages.avatarTooManyPixels);

    expect(await imageOf(userId)).toBe(first);
    expect(await avatarObjects()).toEqual(objects);
  });

  it("replacing removes the previous object: its URL is then 404", async () => {
    const { cookie, userId } = await t.signUp("avatar-replace@example.com");
    const first = ((await (await put(formWith(await image(30, 30)), cookie)).json()) as { image: string }).image;
    const second = ((await (await put(formWith(await image(40, 40)), cookie)).json()) as { image: string }).image;
    expect(second).not.toBe(first);
    expect(await imageOf(userId)).toBe(second);
    expect(existsSync(fileOf(first))).toBe(false);
    const old = await t.call(first, { cookie });
    expect(old.status).toBe(404);
    expect(((await old.json()) as { error: { message: string } }).error.message).toBe(profileMessages.avatarNotFound);
    expect((await t.call(second, { cookie })).status).toBe(200);
  });

  it("DELETE clears the image and deletes the stored object; a second DELETE is 404", async () => {
    const { cookie, userId } = await t.signUp("avatar-remove@example.com");
    const url = ((await (await put(formWith(await image(30, 30)), cookie)).json()) as { image: string }).image;
    expect(existsSync(fileOf(url))).toBe(true);
    const res = await t.call("/api/me/avatar", { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ image: null });
    expect(await imageOf(userId)).toBeNull();
    expect(existsSync(fileOf(url))).toBe(false);
    expect((await avatarObjects()).some((k) => k.startsWith(`${userId}/`))).toBe(false);
    const again = await t.call("/api/me/avatar", { method: "DELETE", cookie });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(profileMessages.avatarNone);
  });

  it("another user's avatar: never changed or removed by someone else; readable only by its current URL", async () => {
    const a = await t.signUp("avatar-a@example.com");
    const b = await t.signUp("avatar-b@example.com");
    const aUrl = ((await (await put(formWith(await image(30, 30)), a.cookie)).json()) as { image: string }).image;
    // B uploads and removes: only B's own image changes.
    const bUrl = ((await (await put(formWith(await image(30, 30)), b.cookie)).json()) as { image: string }).image;
    expect((await t.call("/api/me/avatar", { method: "DELETE", cookie: b.cookie })).status).toBe(200);
    expect(await imageOf(a.userId)).toBe(aUrl);
    expect(existsSync(fileOf(aUrl))).toBe(true);
    expect(existsSync(fileOf(bUrl))).toBe(false);
    // B cannot point their image at A's picture (and so cannot delete it through their own DELETE).
    const steal = await t.call("/api/auth/update-user", { cookie: b.cookie, body: { image: aUrl } });
    expect(steal.status).toBe(400);
    expect(((await steal.json()) as { error: { fields: Record<string, string> } }).error.fields.image).toBe(profileMessages.imageNotAllowed);
    // A team-mate is shown A's URL and may load it; a guessed version is 404.
    expect((await t.call(aUrl, { cookie: b.cookie })).status).toBe(200);
    expect((await t.call(`/api/avatars/${a.userId}/AAAAAAAAAAAAAAAAAAAAAA`, { cookie: b.cookie })).status).toBe(404);
    expect((await t.call(`/api/avatars/${a.userId}/..%2F..%2Fx`, { cookie: b.cookie })).status).toBe(404);
  });
});

describe("POST /api/auth/update-user (the profile's name and image rules)", () => {
  it("401 without a session", async () => {
    expect((await t.call("/api/auth/update-user", { body: { name: "Someone" } })).status).toBe(401);
  });

  it("stores the trimmed name", async () => {
    const { cookie, userId } = await t.signUp("rename@example.com", undefined, "Alice");
    const res = await t.call("/api/auth/update-user", { cookie, body: { name: "  Alice Walker  " } });
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select({ name: user.name }).from(user).where(eq(user.id, userId));
    expect(row?.name).toBe("Alice Walker");
  });

  it("400 with the message at name for an empty, too long or dangerous name; nothing changes", async () => {
    const { cookie, userId } = await t.signUp("rename-bad@example.com", undefined, "Bob");
    for (const [name, message] of [
      ["   ", "This field is required"],
      ["x".repeat(101), "Must be 100 characters or less"],
      ["<script>alert(1)</script>", "Input contains potentially dangerous content"],
      [42, "This field is required"],
    ] as const) {
      const res = await t.call("/api/auth/update-user", { cookie, body: { name } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.fields.name).toBe(message);
    }
    const [row] = await t.deps.db.select({ name: user.name }).from(user).where(eq(user.id, userId));
    expect(row?.name).toBe("Bob");
  });

  it("refuses an outside image URL; image null clears the avatar and deletes its object", async () => {
    const { cookie, userId } = await t.signUp("image-rules@example.com");
    const outside = await t.call("/api/auth/update-user", { cookie, body: { image: "https://tracker.example/pixel.gif" } });
    expect(outside.status).toBe(400);
    const url = ((await (await put(formWith(await image(30, 30)), cookie)).json()) as { image: string }).image;
    expect((await t.call("/api/auth/update-user", { cookie, body: { image: url, name: "Kept" } })).status).toBe(200);
    expect(await imageOf(userId)).toBe(url);
    expect((await t.call("/api/auth/update-user", { cookie, body: { image: null } })).status).toBe(200);
    expect(await imageOf(userId)).toBeNull();
    expect(existsSync(fileOf(url))).toBe(false);
  });
});
