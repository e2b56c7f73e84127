import { useRef, useState, type ComponentProps, type FormEvent } from "react";
import { FileSpreadsheet, Trash2 } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { showErrorToast } from "@/lib/error-toast";
import { parseCsv, readTableFile } from "@/lib/table-file";
import { geocodeOrders } from "@/features/fleet/api/geocode-orders";
import { FleetTable } from "@/features/fleet/components/fleet-ui";
import { nextDraftNumber } from "@/features/fleet/lib/draft-ids";
import {
  checkOrder,
  guessMapping,
  needsGeocoding,
  orderFields,
  orderImportMessages,
  parsePastedOrders,
  pickupLabelFor,
  rowsToOrders,
  type DraftOrder,
  type DraftPickup,
  type OrderField,
  type OrderMapping,
} from "@/features/fleet/lib/order-import";

type OrdersEditorProps = {
  drafts: DraftOrder[];
  onChange: (drafts: DraftOrder[]) => void;
  /** The team's capacity dimension names (demand columns). */
  dimensions: readonly string[];
};

/** A file read and waiting for its column mapping. */
type PendingFile = { name: string; rows: string[][]; mapping: OrderMapping; hasHeader: boolean };

/**
 * A day's orders: add one by hand, paste lines, or import a CSV/XLSX file through a
 * column-mapping step; addresses are geocoded with the planner's batch endpoint and orders that
 * cannot be planned are listed with what is wrong, to fix or remove.
 */
export function OrdersEditor({ drafts, onChange, dimensions }: OrdersEditorProps) {
  const { t } = useTranslation("fleet");
  const counter = useRef(1);
  // New rows are numbered past every id already there: rows loaded from the server (issue 25) keep theirs.
  const nextNumber = () => Math.max(counter.current, nextDraftNumber(drafts));
  const [pending, setPending] = useState<PendingFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [geocoding, setGeocoding] = useState<string | null>(null);
  const [pasted, setPasted] = useState("");

  async function add(next: DraftOrder[]) {
    const all = [...drafts, ...next];
    onChange(all);
    if (!next.some(needsGeocoding)) return;
    setGeocoding(t("orders.finding"));
    try {
      onChange(await geocodeOrders(all, (done, total) => setGeocoding(t("orders.findingProgress", { done, total }))));
    } catch (error) {
      // Seen wherever the orders were added from (paste, a row, a file), not only by the file input (decision 018).
      showErrorToast(error, t("orders.findFailedMany"));
    } finally {
      setGeocoding(null);
    }
  }

  async function onFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    try {
      const rows = await readTableFile(file);
      const guessed = guessMapping(rows[0] ?? [], dimensions);
      setPending({ name: file.name, rows, mapping: guessed ?? {}, hasHeader: guessed !== null });
    } catch (error) {
      setFileError(error instanceof Error ? error.message : orderImportMessages.unreadable);
    }
  }

  function importPending() {
    if (!pending) return;
    const { mapping } = pending;
    if (mapping.address === undefined && (mapping.lat === undefined || mapping.lng === undefined)) {
      setFileError(orderImportMessages.noPlace);
      return;
    }
    let n = nextNumber();
    const imported = rowsToOrders(pending.rows, mapping, { skipHeader: pending.hasHeader, dimensions: Math.max(dimensions.length, 1) }).map((d) => {
      const id = `o${n++}`;
      return { ...d, id, order: { ...d.order, id } };
    });
    counter.current = n;
    setPending(null);
    setFileError(null);
    void add(imported);
  }

  function addPasted() {
    // Rows copied from a spreadsheet with their header go through the column mapping, like a file.
    const rows = parseCsv(pasted);
    const guessed = rows.length > 1 && (rows[0]?.length ?? 0) > 2 ? guessMapping(rows[0]!, dimensions) : null;
    if (guessed) {
      setPending({ name: t("orders.pastedRows"), rows, mapping: guessed, hasHeader: true });
      setPasted("");
      return;
    }
    const first = nextNumber();
    const lines = parsePastedOrders(pasted, first);
    counter.current = first + lines.length;
    setPasted("");
    void add(lines);
  }

  function addByHand(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const first = nextNumber();
    counter.current = first + 1;
    const [line] = parsePastedOrders(text("place"), first);
    if (!line) return;
    const order = { ...line.order };
    if (text("name")) order.label = text("name");
    if (text("service")) order.serviceMinutes = Number(text("service"));
    if (text("from") || text("until")) order.timeWindows = [{ start: text("from") || "00:00", end: text("until") || "23:59" }];
    if (text("demand")) order.demand = [Number(text("demand"))];
    if (text("skills")) order.skills = text("skills").split(",").map((s) => s.trim()).filter(Boolean);
    const [pickupLine] = parsePastedOrders(text("pickup"));
    if (pickupLine) {
      const { lat, lng, address } = pickupLine.order;
      const pickup: DraftPickup = { label: address ?? pickupLabelFor(order.label), serviceMinutes: text("pickupService") ? Number(text("pickupService")) : 0, timeWindows: [] };
      if (lat !== undefined && lng !== undefined) Object.assign(pickup, { lat, lng });
      else if (address) pickup.address = address;
      if (text("pickupFrom") || text("pickupUntil")) pickup.timeWindows = [{ start: text("pickupFrom") || "00:00", end: text("pickupUntil") || "23:59" }];
      order.pickup = pickup;
    }
    const draft: DraftOrder = { ...line, source: t("import.byHand"), order, problems: needsGeocoding({ order }) ? [] : checkOrder(order) };
    event.currentTarget.reset();
    void add([draft]);
  }

  /** A fixed address for an order's place or its pickup's: searched again. */
  function updateAddress(id: string, address: string, place: "order" | "pickup") {
    void (async () => {
      const rest = drafts.filter((d) => d.id !== id);
      const draft = drafts.find((d) => d.id === id);
      if (!draft) return;
      let order: DraftOrder["order"];
      if (place === "pickup" && draft.order.pickup) {
        const { lat: _lat, lng: _lng, ...pickup } = draft.order.pickup;
        order = { ...draft.order, pickup: { ...pickup, address } };
      } else {
        const { lat: _lat, lng: _lng, ...rest } = draft.order;
        order = { ...rest, address };
      }
      const index = drafts.indexOf(draft);
      const changed: DraftOrder = { ...draft, order, problems: [] };
      const all = [...rest.slice(0, index), changed, ...rest.slice(index)];
      onChange(all);
      setGeocoding(t("orders.finding"));
      try {
        onChange(await geocodeOrders(all));
      } catch (error) {
        showErrorToast(error, t("orders.findFailedOne"));
      } finally {
        setGeocoding(null);
      }
    })();
  }

  const broken = drafts.filter((d) => d.problems.length > 0);
  const ready = drafts.length - broken.length;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="orders-file" className="grid gap-2">
        <h3 id="orders-file" className="font-medium">
          {t("orders.importTitle")}
        </h3>
        <Label htmlFor="orders-file-input" className="flex items-center gap-2 text-sm text-muted-foreground">
          <FileSpreadsheet className="size-4" aria-hidden="true" /> {t("orders.fileLabel")}
        </Label>
        <Input id="orders-file-input" type="file" accept=".csv,.tsv,.txt,.xlsx" onChange={(e) => void onFile(e.target.files?.[0])} />
        {pending ? (
          <div className="grid gap-3 rounded-md border p-3" role="group" aria-label={t("orders.mapping")}>
            <p className="text-sm">
              {t("orders.mappingIntro", { count: pending.rows.length - (pending.hasHeader ? 1 : 0), name: pending.name })}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={pending.hasHeader} onChange={(e) => setPending({ ...pending, hasHeader: e.target.checked })} />
              {t("orders.hasHeader")}
            </label>
            <div className="grid gap-2 sm:grid-cols-3">
              {orderFields.map(({ key, label }) => (
                <label key={key} className="grid gap-1 text-sm">
                  <span>{fieldLabel(key, t(label), dimensions, t)}</span>
                  <NativeSelect
                    className="h-9 w-full"
                    aria-label={fieldLabel(key, t(label), dimensions, t)}
                    value={pending.mapping[key] ?? ""}
                    onChange={(e) => {
                      const mapping = { ...pending.mapping };
                      if (e.target.value === "") delete mapping[key];
                      else mapping[key] = Number(e.target.value);
                      setPending({ ...pending, mapping });
                    }}
                  >
                    <option value="">—</option>
                    {(pending.rows[0] ?? []).map((name, index) => (
                      <option key={index} value={index}>
                        {pending.hasHeader ? name || t("orders.column", { number: index + 1 }) : t("orders.columnWith", { number: index + 1, name })}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
              ))}
            </div>
            <div className="flex gap-2">
              <Button type="button" onClick={importPending}>
                {t("orders.import")}
              </Button>
              <Button type="button" variant="outline" onClick={() => setPending(null)}>
                {t("cancel")}
              </Button>
            </div>
          </div>
        ) : null}
        {fileError ? (
          <Alert variant="destructive">
            <AlertDescription>{fileError}</AlertDescription>
          </Alert>
        ) : null}
      </section>

      <section aria-labelledby="orders-paste" className="grid gap-2">
        <h3 id="orders-paste" className="font-medium">
          {t("orders.pasteTitle")}
        </h3>
        <Label htmlFor="orders-paste-text" className="text-sm text-muted-foreground">
          {t("orders.pasteHint")}
        </Label>
        <Textarea id="orders-paste-text" rows={3} value={pasted} onChange={(e) => setPasted(e.target.value)} />
        <div>
          <Button type="button" variant="outline" disabled={pasted.trim() === ""} onClick={addPasted}>
            {t("orders.addPasted")}
          </Button>
        </div>
      </section>

      <form aria-labelledby="orders-hand" className="grid gap-2" onSubmit={addByHand}>
        <h3 id="orders-hand" className="font-medium">
          {t("orders.addTitle")}
        </h3>
        <div className="grid gap-2 sm:grid-cols-4">
          <LabelledInput name="place" label={t("orders.place")} required />
          <LabelledInput name="name" label={t("vehicles.name")} />
          <LabelledInput name="service" label={t("import.field.serviceMinutes")} type="number" min={0} max={600} />
          <LabelledInput name="demand" label={dimensions[0] ? t("orders.demandOf", { dimension: dimensions[0] }) : t("orders.demand")} type="number" min={0} />
          <LabelledInput name="from" label={t("orders.windowFrom")} type="time" />
          <LabelledInput name="until" label={t("orders.windowUntil")} type="time" />
          <LabelledInput name="skills" label={t("orders.skills")} />
        </div>
        <fieldset className="grid gap-2 rounded-md border p-2">
          <legend className="px-1 text-sm text-muted-foreground">{t("orders.pickupLegend")}</legend>
          <div className="grid gap-2 sm:grid-cols-4">
            <LabelledInput name="pickup" label={t("orders.pickupPlace")} />
            <LabelledInput name="pickupService" label={t("import.field.pickupService")} type="number" min={0} max={600} />
            <LabelledInput name="pickupFrom" label={t("import.field.pickupWindowStart")} type="time" />
            <LabelledInput name="pickupUntil" label={t("import.field.pickupWindowEnd")} type="time" />
          </div>
        </fieldset>
        <div>
          <Button type="submit" variant="outline">
            {t("orders.add")}
          </Button>
        </div>
      </form>

      <section aria-labelledby="orders-list" className="grid gap-2">
        <h3 id="orders-list" className="font-medium">
          {t("orders.title")}
        </h3>
        <p className="text-sm" role="status">
          {drafts.length === 0 ? t("orders.empty") : t("orders.ready", { count: drafts.length, ready, total: drafts.length })}
          {geocoding ? (
            <span className="ml-2 inline-flex items-center gap-1">
              <Spinner className="size-3" /> {geocoding}
            </span>
          ) : null}
        </p>
        {broken.length > 0 ? (
          <div className="grid gap-2" role="region" aria-label={t("orders.toFix")}>
            <p className="text-sm font-medium text-destructive">{t("orders.needFixing", { count: broken.length })}</p>
            <ul className="grid gap-2">
              {broken.map((draft) => (
                <li key={draft.id} className="grid gap-1 rounded-md border border-destructive/40 p-2 text-sm">
                  <span>
                    <strong>{draft.source}</strong> — {draft.order.label}: {draft.problems.join("; ")}
                  </span>
                  {draft.order.lat === undefined || !draft.order.pickup || draft.order.pickup.lat !== undefined ? (
                    <FixAddress label={t("orders.addressOf", { label: draft.order.label })} initial={draft.order.address ?? ""} onSearch={(address) => updateAddress(draft.id, address, "order")} onRemove={() => onChange(drafts.filter((d) => d.id !== draft.id))} />
                  ) : null}
                  {draft.order.pickup && draft.order.pickup.lat === undefined ? (
                    <FixAddress label={t("orders.pickupAddressOf", { label: draft.order.label })} initial={draft.order.pickup.address ?? ""} onSearch={(address) => updateAddress(draft.id, address, "pickup")} onRemove={() => onChange(drafts.filter((d) => d.id !== draft.id))} />
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {drafts.length > 0 ? (
          <FleetTable headers={[t("vehicles.name"), t("orders.placeHeader"), t("orders.window"), t("orders.demand"), t("skills"), t("orders.pickedUpAt")]} actions={t("orders.remove")} className="max-h-80 overflow-auto">
                {drafts.map((draft) => (
                  <tr key={draft.id} className="border-t">
                    <td className="p-2">{draft.order.label}</td>
                    <td className="p-2">{draft.order.lat !== undefined ? `${draft.order.lat.toFixed(4)}, ${draft.order.lng?.toFixed(4)}` : (draft.order.address ?? "—")}</td>
                    <td className="p-2">{(draft.order.timeWindows ?? []).map((w) => `${w.start}–${w.end}`).join(", ") || t("orders.anyTime")}</td>
                    <td className="p-2">{(draft.order.demand ?? []).join(" / ") || "—"}</td>
                    <td className="p-2">{(draft.order.skills ?? []).join(", ") || "—"}</td>
                    <td className="p-2">{draft.order.pickup ? pickupText(draft.order.pickup) : "—"}</td>
                    <td className="p-2">
                      <Button type="button" variant="ghost" size="icon" aria-label={t("tags.remove", { tag: draft.order.label })} onClick={() => onChange(drafts.filter((d) => d.id !== draft.id))}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </td>
                  </tr>
                ))}
              </FleetTable>
        ) : null}
      </section>
    </div>
  );
}

function fieldLabel(key: OrderField, label: string, dimensions: readonly string[], t: TFunction<"fleet">): string {
  const index = ["demand1", "demand2", "demand3"].indexOf(key);
  return index >= 0 && dimensions[index] ? t("orders.demandOf", { dimension: dimensions[index] }) : label;
}

function LabelledInput({ name, label, ...props }: { name: string; label: string } & ComponentProps<"input">) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <Input name={name} {...props} />
    </label>
  );
}

/** "Warehouse (47.1000, 9.5000), 08:00–09:00, 5 min" — a pickup in the orders table. */
function pickupText(pickup: DraftPickup): string {
  const place = pickup.lat !== undefined ? `${pickup.lat.toFixed(4)}, ${pickup.lng?.toFixed(4)}` : (pickup.address ?? "");
  const name = pickup.label === place ? place : `${pickup.label} (${place})`;
  const windows = (pickup.timeWindows ?? []).map((w) => `${w.start}–${w.end}`).join(", ");
  return [name, windows, pickup.serviceMinutes ? `${pickup.serviceMinutes} min` : ""].filter(Boolean).join(", ");
}

function FixAddress({ label, initial, onSearch, onRemove }: { label: string; initial: string; onSearch: (address: string) => void; onRemove: () => void }) {
  const { t } = useTranslation("fleet");
  const [address, setAddress] = useState(initial);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Input aria-label={label} className="h-8 max-w-sm" value={address} onChange={(e) => setAddress(e.target.value)} />
      <Button type="button" size="sm" variant="outline" disabled={address.trim() === ""} onClick={() => onSearch(address.trim())}>
        {t("orders.searchAgain")}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
        {t("orders.remove")}
      </Button>
    </span>
  );
}
