import { orderSchema, type OrderInput } from "@routepilot/contracts";
import { tableFileMessages } from "@/lib/table-file";
import { i18n } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

/** The order fields a spreadsheet column can be mapped to (issue 11 "Orders for a day"). */
export const orderFields = [
  { key: "address", label: "import.field.address" },
  { key: "lat", label: "import.field.lat" },
  { key: "lng", label: "import.field.lng" },
  { key: "label", label: "import.field.label" },
  { key: "contactName", label: "import.field.contactName" },
  { key: "email", label: "import.field.email" },
  { key: "phone", label: "import.field.phone" },
  { key: "notes", label: "import.field.notes" },
  { key: "serviceMinutes", label: "import.field.serviceMinutes" },
  { key: "window1Start", label: "import.field.window1Start" },
  { key: "window1End", label: "import.field.window1End" },
  { key: "window2Start", label: "import.field.window2Start" },
  { key: "window2End", label: "import.field.window2End" },
  { key: "demand1", label: "import.field.demand1" },
  { key: "demand2", label: "import.field.demand2" },
  { key: "demand3", label: "import.field.demand3" },
  { key: "skills", label: "import.field.skills" },
  { key: "priority", label: "import.field.priority" },
  { key: "pickupAddress", label: "import.field.pickupAddress" },
  { key: "pickupLat", label: "import.field.pickupLat" },
  { key: "pickupLng", label: "import.field.pickupLng" },
  { key: "pickupLabel", label: "import.field.pickupLabel" },
  { key: "pickupService", label: "import.field.pickupService" },
  { key: "pickupWindowStart", label: "import.field.pickupWindowStart" },
  { key: "pickupWindowEnd", label: "import.field.pickupWindowEnd" },
] as const;
export type OrderField = (typeof orderFields)[number]["key"];

/** Column index per mapped field (fields not in the file are absent). */
export type OrderMapping = Partial<Record<OrderField, number>>;

type PickupInput = NonNullable<OrderInput["pickup"]>;
/** Where an order is picked up before it is delivered, so far (coordinates may still be missing). */
export type DraftPickup = Partial<PickupInput> & { label: string };

/** One order read from a file or pasted: the order so far, and what stops it from being planned. */
export type DraftOrder = {
  /** Stable id inside the plan (the file's row, or a counter). */
  id: string;
  /** Where it came from, for messages: "Row 4", "Line 2", "Added by hand". */
  source: string;
  order: Omit<Partial<OrderInput>, "pickup"> & { label: string; pickup?: DraftPickup };
  /** Plain-words problems; the order is planned only when there are none and it has coordinates. */
  problems: string[];
};

/** The import's messages in the reader's language when they are made (decision 028; kept with the draft). */
export const orderImportMessages = {
  unreadable: tableFileMessages.unreadable,
  get noPlace() {
    return i18n.t("fleet:import.noPlace");
  },
  get emptyRow() {
    return i18n.t("fleet:import.emptyRow");
  },
  badNumber: (field: string, value: string) => i18n.t("fleet:import.badNumber", { field, value }),
  badTime: (value: string) => i18n.t("fleet:import.badTime", { value }),
  notFound: (address: string) => i18n.t("fleet:import.notFound", { address }),
  get pickupNoPlace() {
    return i18n.t("fleet:import.pickupNoPlace");
  },
  pickupNotFound: (address: string) => i18n.t("fleet:import.pickupNotFound", { address }),
  pickupProblem: (message: string) => i18n.t("fleet:import.pickupProblem", { message }),
};

/**
 * The pickup's default name when the file gives none: stored with the order, so it stays the
 * same words whoever reads it (the planner shows "Pick up for <order>" in the reader's language).
 */
export const pickupLabelFor = (orderLabel: string) => `Pick up for ${orderLabel}`.slice(0, 200);

const HEADERS: Record<OrderField, string[]> = {
  address: ["address", "fulladdress", "streetaddress", "addr", "location", "destination", "street"],
  lat: ["lat", "latitude", "y"],
  lng: ["lng", "lon", "long", "longitude", "x"],
  label: ["name", "label", "title", "customer", "company", "order", "reference"],
  contactName: ["contact", "contactname", "recipient"],
  email: ["email", "mail", "emailaddress", "contactemail"],
  phone: ["phone", "telephone", "tel", "mobile", "contactphone"],
  notes: ["note", "notes", "comment", "comments", "instructions"],
  serviceMinutes: ["service", "servicetime", "serviceminutes", "duration", "minutes", "stoptime"],
  window1Start: ["from", "start", "windowstart", "window1start", "window1from", "earliest", "twstart", "opens"],
  window1End: ["until", "to", "end", "windowend", "window1end", "window1until", "latest", "twend", "closes"],
  window2Start: ["window2start", "window2from", "from2", "start2"],
  window2End: ["window2end", "window2until", "until2", "to2", "end2"],
  demand1: ["demand", "demand1", "quantity", "qty", "load", "size"],
  demand2: ["demand2"],
  demand3: ["demand3"],
  skills: ["skills", "skill", "requires", "requirements", "needs"],
  priority: ["priority", "prio"],
  pickupAddress: ["pickupaddress", "pickup", "pickuplocation", "pickupplace", "collectionaddress", "collection", "collectfrom", "origin", "originaddress"],
  pickupLat: ["pickuplat", "pickuplatitude", "originlat", "originlatitude"],
  pickupLng: ["pickuplng", "pickuplon", "pickuplong", "pickuplongitude", "originlng", "originlon", "originlongitude"],
  pickupLabel: ["pickupname", "pickuplabel", "pickupcompany", "collectionname"],
  pickupService: ["pickupservice", "pickupserviceminutes", "pickupservicetime", "pickupminutes", "pickupduration"],
  pickupWindowStart: ["pickupwindowstart", "pickupwindowfrom", "pickupfrom", "pickupstart", "pickupearliest", "pickupopens"],
  pickupWindowEnd: ["pickupwindowend", "pickupwindowuntil", "pickupuntil", "pickupto", "pickupend", "pickuplatest", "pickupcloses"],
};

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Guesses the column of each field from a header row; `dimensions` (the team's capacity
 * dimension names, e.g. ["kg", "crates"]) also name demand columns. Returns null when the first
 * row does not look like a header (no address and no latitude/longitude column).
 */
export function guessMapping(header: string[], dimensions: readonly string[] = []): OrderMapping | null {
  const names = header.map(normalise);
  const mapping: OrderMapping = {};
  const taken = new Set<number>();
  const candidates = (field: OrderField): string[] => {
    const index = ["demand1", "demand2", "demand3"].indexOf(field);
    const dimension = index >= 0 ? dimensions[index] : undefined;
    return dimension ? [normalise(dimension), ...HEADERS[field]] : HEADERS[field];
  };
  for (const { key } of orderFields) {
    const index = names.findIndex((n, i) => !taken.has(i) && candidates(key).includes(n));
    if (index >= 0) {
      mapping[key] = index;
      taken.add(index);
    }
  }
  if (mapping.address === undefined && (mapping.lat === undefined || mapping.lng === undefined)) return null;
  return mapping;
}

const isNumber = (value: string) => value.trim() !== "" && Number.isFinite(Number(value.replace(",", ".")));
const toNumber = (value: string) => Number(value.replace(",", "."));

/** "9:00", "09.00", "0900" → "09:00"; null when it is not a time of day. */
export function normaliseTime(value: string): string | null {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** The schema's messages for an order (a pickup's prefixed "Pickup: "). */
function schemaProblems(order: DraftOrder["order"]): string[] {
  const result = orderSchema.safeParse(order);
  if (result.success) return [];
  // The contracts' zod messages in the reader's language (the errors catalogue).
  return result.error.issues.map((issue) => (issue.path[0] === "pickup" ? orderImportMessages.pickupProblem(translateMessage(issue.message)) : translateMessage(issue.message)));
}

const hasPoint = (place: { lat?: number | undefined; lng?: number | undefined }) => place.lat !== undefined && place.lng !== undefined;

/**
 * Checks a draft again after an edit or a geocoding result: the contract's own rules
 * (windows, ranges, skills) and that it (and its pickup, if any) has coordinates.
 */
export function checkOrder(order: DraftOrder["order"]): string[] {
  const missing: string[] = [];
  if (!hasPoint(order)) missing.push(order.address ? orderImportMessages.notFound(order.address) : orderImportMessages.emptyRow);
  if (order.pickup && !hasPoint(order.pickup)) missing.push(order.pickup.address ? orderImportMessages.pickupNotFound(order.pickup.address) : orderImportMessages.pickupNoPlace);
  return missing.length > 0 ? missing : schemaProblems(order);
}

/** Turns rows into draft orders with `mapping`; `skipHeader` drops the first row. */
export function rowsToOrders(rows: string[][], mapping: OrderMapping, { skipHeader, dimensions = 1 }: { skipHeader: boolean; dimensions?: number }): DraftOrder[] {
  const drafts: DraftOrder[] = [];
  rows.forEach((cells, i) => {
    if (skipHeader && i === 0) return;
    const cell = (field: OrderField) => {
      const index = mapping[field];
      return index === undefined ? "" : (cells[index] ?? "").trim();
    };
    const problems: string[] = [];
    const number = (field: OrderField, name: string): number | undefined => {
      const value = cell(field);
      if (value === "") return undefined;
      if (!isNumber(value)) {
        problems.push(orderImportMessages.badNumber(name, value));
        return undefined;
      }
      return toNumber(value);
    };
    const time = (field: OrderField): string | undefined => {
      const value = cell(field);
      if (value === "") return undefined;
      const normalised = normaliseTime(value);
      if (!normalised) problems.push(orderImportMessages.badTime(value));
      return normalised ?? undefined;
    };

    const address = cell("address");
    const order: DraftOrder["order"] = { id: `row-${i + 1}`, label: cell("label") || address || i18n.t("fleet:import.orderN", { number: i + 1 - (skipHeader ? 1 : 0) }) };
    if (address) order.address = address;
    const lat = number("lat", "Latitude");
    const lng = number("lng", "Longitude");
    if (lat !== undefined && lng !== undefined) {
      order.lat = lat;
      order.lng = lng;
    }
    const service = number("serviceMinutes", "Service minutes");
    if (service !== undefined) order.serviceMinutes = service;
    const windows: { start: string; end: string }[] = [];
    for (const [start, end] of [["window1Start", "window1End"], ["window2Start", "window2End"]] as const) {
      const from = time(start);
      const until = time(end);
      if (from || until) windows.push({ start: from ?? "00:00", end: until ?? "23:59" });
    }
    if (windows.length > 0) order.timeWindows = windows;
    const demand = (["demand1", "demand2", "demand3"] as const).slice(0, Math.max(dimensions, 1)).map((field, d) => number(field, `Demand ${d + 1}`));
    if (demand.some((d) => d !== undefined)) order.demand = demand.map((d) => d ?? 0);
    const skills = cell("skills");
    if (skills) order.skills = skills.split(/[;,|]/).map((s) => s.trim()).filter(Boolean);
    const priority = number("priority", "Priority");
    if (priority !== undefined) order.priority = Math.round(priority);
    const notes = cell("notes");
    if (notes) order.notes = notes;
    const contact = { name: cell("contactName") || undefined, email: cell("email") || undefined, phone: cell("phone") || undefined };
    if (contact.name || contact.email || contact.phone) order.contact = contact;

    // A pickup→delivery pair: the pickup's place (address or lat/lng), service and window.
    const pickupAddress = cell("pickupAddress");
    const pickupLat = number("pickupLat", "Pickup latitude");
    const pickupLng = number("pickupLng", "Pickup longitude");
    const pickupService = number("pickupService", "Pickup service minutes");
    const pickupFrom = time("pickupWindowStart");
    const pickupUntil = time("pickupWindowEnd");
    if (pickupAddress || pickupLat !== undefined || pickupLng !== undefined || pickupService !== undefined || pickupFrom || pickupUntil || cell("pickupLabel")) {
      const pickup: DraftPickup = { label: (cell("pickupLabel") || pickupAddress || pickupLabelFor(order.label)).slice(0, 200), serviceMinutes: pickupService ?? 0, timeWindows: pickupFrom || pickupUntil ? [{ start: pickupFrom ?? "00:00", end: pickupUntil ?? "23:59" }] : [] };
      if (pickupAddress) pickup.address = pickupAddress.slice(0, 300);
      if (pickupLat !== undefined && pickupLng !== undefined) {
        pickup.lat = pickupLat;
        pickup.lng = pickupLng;
      }
      order.pickup = pickup;
    }

    if (order.lat === undefined && !order.address) problems.push(orderImportMessages.emptyRow);
    else if (order.pickup && !hasPoint(order.pickup) && !order.pickup.address) problems.push(orderImportMessages.pickupNoPlace);
    else if (!needsGeocoding({ order })) problems.push(...schemaProblems(order));
    drafts.push({ id: order.id!, source: i18n.t("fleet:import.row", { number: i + 1 }), order, problems });
  });
  return drafts;
}

/**
 * Pasted lines: one order a line, either an address, or "lat, lng" optionally followed by a name
 * ("47.14, 9.52, Bakery"). Tabs from a spreadsheet count as separators too.
 */
export function parsePastedOrders(text: string, firstId = 1): DraftOrder[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  return lines.map((line, i) => {
    const id = `line-${firstId + i}`;
    const parts = line.split(/\s*[\t;]\s*|\s*,\s*/);
    const [a, b, ...rest] = parts;
    if (a !== undefined && b !== undefined && isNumber(a) && isNumber(b) && Math.abs(toNumber(a)) <= 90 && Math.abs(toNumber(b)) <= 180) {
      const order: DraftOrder["order"] = { id, label: rest.join(", ") || `${toNumber(a).toFixed(5)}, ${toNumber(b).toFixed(5)}`, lat: toNumber(a), lng: toNumber(b) };
      return { id, source: i18n.t("fleet:import.line", { number: i + 1 }), order, problems: schemaProblems(order) };
    }
    return { id, source: i18n.t("fleet:import.line", { number: i + 1 }), order: { id, label: line.slice(0, 200), address: line.slice(0, 300) }, problems: [] };
  });
}

/** Drafts still waiting for coordinates (an address and no lat/lng, for the order or its pickup). */
export function needsGeocoding(draft: Pick<DraftOrder, "order">): boolean {
  const { order } = draft;
  return (order.lat === undefined && Boolean(order.address)) || (order.pickup !== undefined && order.pickup.lat === undefined && Boolean(order.pickup.address));
}

/** The drafts ready to be planned: coordinates (the pickup's too) and no problem. */
export function plannableDrafts(drafts: DraftOrder[]): DraftOrder[] {
  return drafts.filter((d) => d.problems.length === 0 && hasPoint(d.order) && (!d.order.pickup || hasPoint(d.order.pickup)));
}

/** The orders ready to be planned, as the plan request takes them. */
export function plannableOrders(drafts: DraftOrder[]): OrderInput[] {
  return plannableDrafts(drafts).map((d) => d.order as OrderInput);
}

const fieldWords: Record<string, string> = {
  label: "fleet:import.words.label",
  lat: "fleet:import.words.lat",
  lng: "fleet:import.words.lng",
  serviceMinutes: "fleet:import.words.serviceMinutes",
  timeWindows: "fleet:import.words.timeWindows",
  demand: "fleet:import.words.demand",
  skills: "fleet:import.words.skills",
  priority: "fleet:import.words.priority",
  contact: "fleet:import.words.contact",
  notes: "fleet:import.words.notes",
  pickup: "fleet:import.words.pickup",
  vehicleIds: "fleet:import.words.vehicleIds",
  date: "fleet:import.words.date",
  orders: "fleet:import.words.orders",
  objective: "fleet:import.words.objective",
};

/** A field's words in the reader's language, else the field as the server named it. */
const wordsOf = (field: string) => {
  const key = fieldWords[field];
  return key ? i18n.t(key as "fleet:import.words.label") : field;
};

/**
 * A field of the plan request as the server names it ("orders.3.pickup.timeWindows.0.end") in
 * words, naming the order and where it came from: "Bakery (Row 5), pickup time window".
 */
export function planFieldName(field: string, sent: readonly DraftOrder[]): string {
  const match = /^orders\.(\d+)(?:\.(.*))?$/.exec(field);
  if (!match) return wordsOf(field.split(".")[0]!);
  const draft = sent[Number(match[1])];
  const name = draft ? `${draft.order.label} (${draft.source})` : i18n.t("fleet:import.orderN", { number: Number(match[1]) + 1 });
  const words = (match[2] ?? "")
    .split(".")
    .filter((part) => part !== "" && !/^\d+$/.test(part))
    .map(wordsOf);
  return words.length > 0 ? `${name}, ${words.join(" ")}` : name;
}
