import { inflateSync } from "node:zlib";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { driverMessages, liveMessageTypes, liveTopic, type ProofFile } from "@routepilot/contracts";
import { routeStops, routes, stopProofs, teamMembers } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { FileTooLargeError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors";
import { TeamEvents } from "../teams/events";
import { driverStop } from "./events";
import { managerIds, proofUrl } from "./model";

/** Proof of delivery (issue 12): photos and a signature checked by their bytes, stored through deps.storage. */
export const PROOF_BUCKET = "proofs";
export const MAX_PROOF_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_PROOF_PHOTOS = 3;

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

/** The image type from the file's first bytes (never the client's word), or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** Markup or script that has no business in a photo's metadata. */
const UNSAFE = /<\s*script|javascript\s*:|vbscript\s*:|<\?\s*php|<\s*iframe|<\s*object|<\s*embed|<\s*svg|<\s*html|<\s*body|\bon(?:error|load)\s*=/i;
const unsafeText = (bytes: Uint8Array) => UNSAFE.test(Buffer.from(bytes).toString("latin1"));

const u32 = (b: Uint8Array, at: number) => ((b[at] as number) << 24 | (b[at + 1] as number) << 16 | (b[at + 2] as number) << 8 | (b[at + 3] as number)) >>> 0;

/** PNG text chunks (tEXt, zTXt, iTXt; compressed ones inflated) carrying markup. Malformed files count as unsafe. */
function pngUnsafe(b: Uint8Array): boolean {
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32(b, at);
    const type = String.fromCharCode(...b.subarray(at + 4, at + 8));
    const data = b.subarray(at + 8, at + 8 + length);
    if (at + 12 + length > b.length) return true;
    if (type === "tEXt" && unsafeText(data)) return true;
    if (type === "zTXt" || type === "iTXt") {
      if (unsafeText(data)) return true;
      const keywordEnd = data.indexOf(0);
      const compressed = type === "zTXt" ? data.subarray(keywordEnd + 2) : data[keywordEnd + 1] === 1 ? data.subarray(data.indexOf(0, data.indexOf(0, keywordEnd + 3) + 1) + 1) : null;
      if (compressed && compressed.length > 0) {
        try {
          if (unsafeText(inflateSync(compressed, { maxOutputLength: 4 * 1024 * 1024 }))) return true;
        } catch {
          return true;
        }
      }
    }
    if (type === "IEND") return false;
    at += 12 + length;
  }
  return false;
}

/** JPEG comment (COM) and application (APPn) segments carrying markup, up to the image data. */
function jpegUnsafe(b: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return false;
    const length = ((b[at + 2] as number) << 8) | (b[at + 3] as number);
    const data = b.subarray(at + 4, at + 2 + length);
    if ((marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) && unsafeText(data)) return true;
    at += 2 + length;
  }
  return false;
}

/** WebP metadata chunks (EXIF, XMP) carrying markup. */
function webpUnsafe(b: Uint8Array): boolean {
  let at = 12;
  while (at + 8 <= b.length) {
    const type = String.fromCharCode(...b.subarray(at, at + 4));
    const length = ((b[at + 4] as number) | ((b[at + 5] as number) << 8) | ((b[at + 6] as number) << 16) | ((b[at + 7] as number) << 24)) >>> 0;
    if ((type === "EXIF" || type === "XMP ") && unsafeText(b.subarray(at + 8, at + 8 + length))) return true;
    at += 8 + length + (length % 2);
  }
  return false;
}

/** Whether an image of this type carries markup in its metadata. */
export function imageUnsafe(type: ImageType, bytes: Uint8Array): boolean {
  if (type === "image/png") return pngUnsafe(bytes);
  if (type === "image/jpeg") return jpegUnsafe(bytes);
  return webpUnsafe(bytes);
}

interface CheckedFile {
  kind: "photo" | "signature";
  type: ImageType;
  bytes: Uint8Array;
}

const extension: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** Checks one uploaded file completely (size, type by magic bytes, metadata); throws the contract's message. */
async function checkFile(value: unknown, kind: "photo" | "signature", field: string): Promise<CheckedFile> {
  if (!(value instanceof File)) throw new ValidationError(kind === "photo" ? driverMessages.photoType : driverMessages.signatureType, { [field]: kind === "photo" ? driverMessages.photoType : driverMessages.signatureType });
  if (value.size > MAX_PROOF_FILE_BYTES) throw new FileTooLargeError(driverMessages.photoTooLarge, field);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImage(bytes);
  if (kind === "photo" && !type) throw new UnsupportedMediaTypeError(driverMessages.photoType, field);
  if (kind === "signature" && type !== "image/png") throw new UnsupportedMediaTypeError(driverMessages.signatureType, field);
  if (imageUnsafe(type as ImageType, bytes)) throw new ValidationError(driverMessages.unsafeImage, { [field]: driverMessages.unsafeImage });
  return { kind, type: type as ImageType, bytes };
}

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const list = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export type ProofDeps = Pick<AppDeps, "db" | "storage" | "realtime" | "logger">;

/**
 * POST /api/driver/stops/{stopId}/proof (multipart: photo (up to 3), signature, recipient,
 * clientEventId). Everything is checked before anything is stored; the files then go to storage
 * and the rows into stop_proofs in one transaction (files removed again if it fails). A resend
 * with the same clientEventId answers what the first one stored.
 */
export async function submitProof(deps: ProofDeps, caller: { id: string }, stopId: string, body: Record<string, unknown>) {
  const { stop, ctx } = await driverStop(deps.db, caller, stopId, false);
  const clientId = typeof body.clientEventId === "string" && body.clientEventId !== "" ? body.clientEventId : null;
  if (clientId !== null && !CLIENT_ID.test(clientId)) throw new ValidationError(driverMessages.clientEventId, { clientEventId: driverMessages.clientEventId });
  const recipientRaw = list(body.recipient)[0];
  const recipient = typeof recipientRaw === "string" ? recipientRaw.trim().slice(0, 200) : "";
  const photos = list(body.photo);
  const signatures = list(body.signature);
  if (photos.length > MAX_PROOF_PHOTOS) throw new ValidationError(driverMessages.photoType, { photo: `Send at most ${MAX_PROOF_PHOTOS} photos` });
  if (signatures.length > 1) throw new ValidationError(driverMessages.signatureType, { signature: driverMessages.signatureType });
  if (photos.length === 0 && signatures.length === 0 && recipient === "") throw new ValidationError(driverMessages.proofEmpty, { photo: driverMessages.proofEmpty });
  const files: CheckedFile[] = [];
  for (const [i, p] of photos.entries()) files.push(await checkFile(p, "photo", photos.length > 1 ? `photo.${i}` : "photo"));
  for (const s of signatures) files.push(await checkFile(s, "signature", "signature"));

  const prefix = `${ctx.team.id}/${stop.id}/${clientId ?? crypto.randomUUID()}-`;
  if (clientId !== null) {
    const earlier = await deps.db
      .select({ id: stopProofs.id, kind: stopProofs.kind })
      .from(stopProofs)
      .where(and(eq(stopProofs.routeStopId, stop.id), like(stopProofs.objectKey, `${prefix}%`)))
      .orderBy(asc(stopProofs.objectKey));
    if (earlier.length > 0) return proofResponse(earlier, recipient || stop.recipientName, stop.id);
  }

  const stored: string[] = [];
  const events = new TeamEvents();
  try {
    const keyed = files.map((f, i) => ({ ...f, key: `${prefix}${i + 1}-${f.kind}.${extension[f.type]}` }));
    for (const f of keyed) {
      await deps.storage.upload(PROOF_BUCKET, f.key, f.bytes, f.type);
      stored.push(f.key);
    }
    const rows = await deps.db.transaction(async (tx) => {
      const inserted =
        keyed.length > 0
          ? await tx
              .insert(stopProofs)
              .values(keyed.map((f) => ({ routeStopId: stop.id, teamId: ctx.team.id, uploadedBy: caller.id, kind: f.kind, objectKey: f.key, contentType: f.type, sizeBytes: f.bytes.byteLength, recipientName: recipient || null })))
              .returning({ id: stopProofs.id, kind: stopProofs.kind })
          : [];
      if (recipient) await tx.update(routeStops).set({ recipientName: recipient }).where(eq(routeStops.id, stop.id));
      const first = keyed[0];
      if (first) await tx.update(routeStops).set({ proofObjectKey: first.key }).where(and(eq(routeStops.id, stop.id)));
      events.publish(await managerIds(tx, ctx.team.id), liveTopic(ctx.team.id), liveMessageTypes.stopStatus, { routeId: ctx.route.id, stopId: stop.id, status: stop.status, proof: true });
      return inserted;
    });
    await events.flush(deps.realtime, deps.logger);
    return proofResponse(rows, recipient || stop.recipientName, stop.id);
  } catch (error) {
    for (const key of stored) await deps.storage.remove(PROOF_BUCKET, key).catch(() => undefined);
    throw error;
  }
}

function proofResponse(rows: { id: string; kind: string }[], recipientName: string | null, stopId: string) {
  const files: ProofFile[] = rows.map((r) => ({ id: r.id, kind: r.kind === "signature" ? "signature" : "photo", url: proofUrl(r.id) }));
  const first = files[0];
  return { id: first?.id ?? stopId, url: first?.url ?? "", files, recipientName: recipientName ?? null };
}

/**
 * GET /api/driver/proof/{id}: the file, to the stop's driver and the team's managers only (anyone
 * else: 404, as if it did not exist).
 */
export async function openProof(deps: Pick<AppDeps, "db" | "storage">, caller: { id: string }, proofId: string) {
  const [row] = await deps.db
    .select({ proof: stopProofs, driverUserId: routes.driverUserId })
    .from(stopProofs)
    .innerJoin(routeStops, eq(routeStops.id, stopProofs.routeStopId))
    .innerJoin(routes, eq(routes.id, routeStops.routeId))
    .where(eq(stopProofs.id, proofId));
  if (!row) throw new NotFoundError("File");
  if (row.driverUserId !== caller.id) {
    const [manager] = await deps.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, row.proof.teamId), eq(teamMembers.userId, caller.id), inArray(teamMembers.role, ["owner", "admin", "manager"])));
    if (!manager) throw new NotFoundError("File");
  }
  const file = await deps.storage.stream(PROOF_BUCKET, row.proof.objectKey);
  if (!file) throw new NotFoundError("File");
  return { body: file.body, contentType: file.info.contentType, size: file.info.sizeBytes, name: row.proof.objectKey.split("/").pop() as string };
}
