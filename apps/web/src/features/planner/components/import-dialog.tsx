import { useState } from "react";
import { FileSpreadsheet, RotateCw, Trash2 } from "lucide-react";
import pLimit from "p-limit";
import { GEOCODE_BATCH_MAX, routeMessages, type MatchQuality } from "@routepilot/contracts";
import { useTranslation } from "@/lib/i18n";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { readTableFile } from "@/lib/table-file";
import { geocode, geocodeBatch } from "@/features/planner/api/geocode";
import { detectColumns, importMessages, rowsToImport, type ImportedRow } from "@/features/planner/lib/table-import";
import type { StopDraft } from "@/features/planner/lib/planner-form";
import { emptyStop } from "@/features/planner/lib/planner-form";

/** A row being reviewed; `match`: how precisely the geocoder placed a row found by address (its badge). */
type Item = ImportedRow & { text: string; checking: boolean; match?: MatchQuality | undefined };

const label = (row: ImportedRow) => row.address ?? (row.lat !== undefined ? `${row.lat}, ${row.lng}` : (row.label ?? ""));

async function locate(item: Item, near?: { lat: number; lng: number }): Promise<Item> {
  if (item.lat !== undefined || !item.text.trim()) return { ...item, checking: false };
  try {
    const [hit] = await geocode(item.text.trim(), { near, limit: 1 });
    if (!hit) return { ...item, checking: false, problem: routeMessages.addressNotFound };
    return { ...item, checking: false, lat: hit.lat, lng: hit.lng, match: hit.match, problem: undefined };
  } catch (error) {
    return { ...item, checking: false, problem: errorMessage(error) };
  }
}

/** Batches (of up to GEOCODE_BATCH_MAX addresses) in flight at once. */
const BATCH_CONCURRENCY = 2;

/**
 * Geocodes every row that needs it in batch requests of up to 100 addresses (a 1,000-row file is
 * 10 requests, well inside the SPEC §9 api_general allowance). Rows with coordinates or a problem
 * are left as they are; a failed batch marks its rows with the error, to retry one by one.
 */
async function locateAll(items: Item[], near?: { lat: number; lng: number }): Promise<Item[]> {
  const pending = items.flatMap((item, index) => (!item.problem && item.lat === undefined && item.text.trim() ? [index] : []));
  const out = items.map((item) => ({ ...item, checking: false }));
  const chunks: number[][] = [];
  for (let i = 0; i < pending.length; i += GEOCODE_BATCH_MAX) chunks.push(pending.slice(i, i + GEOCODE_BATCH_MAX));
  await pLimit(BATCH_CONCURRENCY).map(chunks, async (chunk) => {
    try {
      const hits = await geocodeBatch(chunk.map((index) => items[index]!.text.trim()), near);
      chunk.forEach((index, k) => {
        const hit = hits[k];
        out[index] = hit ? { ...out[index]!, lat: hit.lat, lng: hit.lng, match: hit.match, problem: undefined } : { ...out[index]!, problem: routeMessages.addressNotFound };
      });
    } catch (error) {
      for (const index of chunk) out[index] = { ...out[index]!, problem: errorMessage(error) };
    }
  });
  return out;
}

export function toStopDraft(item: ImportedRow & { text: string; match?: MatchQuality | undefined }): StopDraft {
  return {
    // A row found by address keeps its match quality (else the stop would be badged as typed coordinates).
    ...emptyStop({ text: item.text, lat: item.lat, lng: item.lng, ...(item.match ? { match: item.match } : {}) }),
    label: item.label ?? "",
    note: item.note ?? "",
    serviceMinutes: item.serviceMinutes !== undefined ? String(item.serviceMinutes) : "",
  };
}

/**
 * "Import CSV/XLSX": finds the address column or latitude/longitude columns, geocodes the
 * addresses and previews rows that could not be used, to fix (edit and retry) or drop.
 */
/** The planner's own messages for a row or file problem, translated where shown; a server's message is shown as sent. */
const problemKeys = {
  [importMessages.noColumns]: "import.noColumns",
  [importMessages.emptyAddress]: "import.emptyAddress",
  [importMessages.badCoordinates]: "import.badCoordinates",
  [importMessages.unreadable]: "import.unreadable",
  [routeMessages.addressNotFound]: "import.addressNotFound",
} as const;

export function ImportDialog({ onAdd, near }: { onAdd: (stops: StopDraft[]) => void; near?: { lat: number; lng: number } | undefined }) {
  const { t } = useTranslation("planner");
  const problemText = (message: string) => {
    const key = (problemKeys as Record<string, (typeof problemKeys)[keyof typeof problemKeys]>)[message];
    return key ? t(key) : message;
  };
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Item[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setItems(null);
    setFileError(null);
    setBusy(false);
  };

  async function onFile(file: File) {
    reset();
    setBusy(true);
    try {
      const rows = await readTableFile(file);
      const layout = detectColumns(rows);
      if (!layout) throw new Error(importMessages.noColumns);
      const imported = rowsToImport(rows, layout).map((row): Item => ({ ...row, text: label(row), checking: !row.problem }));
      setItems(imported);
      setItems(await locateAll(imported, near));
    } catch (error) {
      setFileError(error instanceof Error && error.message ? error.message : importMessages.unreadable);
    } finally {
      setBusy(false);
    }
  }

  const update = (line: number, patch: Partial<Item>) => setItems((list) => list?.map((it) => (it.line === line ? { ...it, ...patch } : it)) ?? null);
  const ready = items?.filter((it) => !it.problem && !it.checking && it.lat !== undefined) ?? [];
  const problems = items?.filter((it) => it.problem) ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FileSpreadsheet aria-hidden="true" />
          {t("import.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("import.title")}</DialogTitle>
          <DialogDescription>
            {t("import.description")}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="import-file">{t("import.file")}</Label>
          <Input
            id="import-file"
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void onFile(file);
            }}
          />
        </div>
        {fileError ? (
          <Alert variant="destructive">
            <AlertDescription>{problemText(fileError)}</AlertDescription>
          </Alert>
        ) : null}
        {items ? (
          <div className="grid gap-3" aria-live="polite">
            <p className="flex items-center gap-2 text-sm">
              {busy ? <Spinner className="size-4" /> : null}
              {t("import.ready", { ready: ready.length, count: items.length })}
              {problems.length > 0 ? t("import.needFixing", { count: problems.length }) : ""}.
            </p>
            {problems.length > 0 ? (
              <ul className="grid gap-2" aria-label={t("import.problems")}>
                {problems.map((item) => (
                  <li key={item.line} className="grid gap-1.5 rounded-md border border-destructive/40 p-2">
                    <Label htmlFor={`import-row-${item.line}`} className="text-xs text-muted-foreground">
                      {t("import.row", { line: item.line })}
                      {item.label ? ` · ${item.label}` : ""}
                    </Label>
                    <div className="flex gap-2">
                      <Input id={`import-row-${item.line}`} value={item.text} onChange={(e) => update(item.line, { text: e.target.value, lat: undefined, lng: undefined, match: undefined })} />
                      <Button
                        variant="outline"
                        size="icon"
                        aria-label={t("import.retryRow", { line: item.line })}
                        onClick={async () => {
                          update(item.line, { checking: true });
                          const coords = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(item.text);
                          if (coords && Math.abs(Number(coords[1])) <= 90 && Math.abs(Number(coords[2])) <= 180) {
                            update(item.line, { checking: false, problem: undefined, lat: Number(coords[1]), lng: Number(coords[2]), match: "coordinates" });
                            return;
                          }
                          const next = await locate({ ...item, problem: undefined, lat: undefined, lng: undefined }, near);
                          update(item.line, next);
                        }}
                      >
                        <RotateCw aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t("import.dropRow", { line: item.line })}
                        className="text-destructive hover:text-destructive"
                        onClick={() => setItems((list) => list?.filter((it) => it.line !== item.line) ?? null)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                    <p className="text-xs font-medium text-destructive">{problemText(item.problem ?? "")}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <DialogFooter className="gap-2">
          {problems.length > 0 ? (
            <Button variant="outline" onClick={() => setItems((list) => list?.filter((it) => !it.problem) ?? null)}>
              {t("import.drop", { count: problems.length })}
            </Button>
          ) : null}
          <Button
            disabled={busy || ready.length === 0 || problems.length > 0}
            onClick={() => {
              onAdd(ready.map(toStopDraft));
              setOpen(false);
              reset();
            }}
          >
            {t("import.add", { count: ready.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
