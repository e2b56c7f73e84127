import { useEffect, useId, useRef, useState } from "react";
import { Camera, X } from "lucide-react";
import { driverMessages, failureReasons, type DriverStop, type FailureReason } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import { SignatureField, type SignatureHandle } from "@/features/driver/components/signature-field";
import { resizePhoto } from "@/features/driver/lib/resize-image";

/** The server keeps at most three photos a proof. */
export const MAX_PHOTOS = 3;

/** The contract's failure reasons, in the driver's language. */
export const FAILURE_REASON_KEY = {
  not_home: "failureReason.not_home",
  wrong_address: "failureReason.wrong_address",
  refused: "failureReason.refused",
  damaged: "failureReason.damaged",
  other: "failureReason.other",
} as const satisfies Record<FailureReason, string>;

export type Delivery = { photos: Blob[]; signature: Blob | null; recipientName: string | null; note: string | null };

/** Thumbnails of the photos taken so far (object URLs released when they go). */
function PhotoList({ photos, onRemove }: { photos: Blob[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation("driver");
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    const made = photos.map((p) => URL.createObjectURL(p));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [photos]);
  if (photos.length === 0) return null;
  return (
    <ul aria-label={t("deliver.photos")} className="flex flex-wrap gap-2">
      {photos.map((_, i) => (
        <li key={i} className="relative">
          {urls[i] ? <img src={urls[i]} alt={t("deliver.photo", { number: i + 1 })} className="size-20 rounded-md border object-cover" /> : <span className="flex size-20 items-center justify-center rounded-md border text-xs">{t("deliver.photo", { number: i + 1 })}</span>}
          <Button variant="secondary" size="icon" className="absolute -top-2 -right-2 size-7 rounded-full" aria-label={t("deliver.removePhoto", { number: i + 1 })} onClick={() => onRemove(i)}>
            <X />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Delivered: proof of delivery — photos from the camera (made small in the browser), the
 * recipient's signature and name, a note. When the route needs proof, a photo or a signature first.
 */
export function DeliverDialog({ stop, proofRequired, open, onOpenChange, onConfirm }: { stop: DriverStop; proofRequired: boolean; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: (delivery: Delivery) => void }) {
  const { t } = useTranslation("driver");
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [signed, setSigned] = useState(false);
  const [recipient, setRecipient] = useState(stop.contact?.name ?? "");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const signature = useRef<SignatureHandle>(null);
  const photoId = useId();
  const hasProof = stop.proof.some((p) => p.kind === "photo" || p.kind === "signature");

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    setPreparing(true);
    setError(null);
    try {
      const resized = await Promise.all([...files].slice(0, MAX_PHOTOS).map((f) => resizePhoto(f)));
      setPhotos((current) => [...current, ...resized].slice(0, MAX_PHOTOS));
    } catch {
      setError(t("deliver.photoUnreadable"));
    } finally {
      setPreparing(false);
    }
  }

  async function confirm() {
    const drawn = signed ? await signature.current?.toBlob() : null;
    if (proofRequired && !hasProof && photos.length === 0 && !drawn) {
      setError(translateMessage(driverMessages.proofRequired));
      return;
    }
    onConfirm({ photos, signature: drawn ?? null, recipientName: recipient.trim() || null, note: note.trim() || null });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[100dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("deliver.title", { label: stop.label })}</DialogTitle>
          <DialogDescription>{proofRequired ? t("deliver.needsProof") : t("deliver.optionalProof")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            {photos.length < MAX_PHOTOS ? (
              <Label htmlFor={photoId} className="inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-background text-sm font-medium shadow-sm hover:bg-accent focus-within:outline-2 focus-within:outline-ring">
                <Camera className="size-4" aria-hidden />
                {preparing ? t("deliver.preparing") : photos.length > 0 ? t("deliver.anotherPhoto") : t("deliver.takePhoto")}
              </Label>
            ) : null}
            <input
              id={photoId}
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              disabled={photos.length >= MAX_PHOTOS}
              className="sr-only"
              onChange={(e) => {
                void addPhotos(e.currentTarget.files);
                e.currentTarget.value = "";
              }}
            />
            <PhotoList photos={photos} onRemove={(i) => setPhotos((current) => current.filter((_, n) => n !== i))} />
          </div>
          <SignatureField ref={signature} onChange={setSigned} />
          <FormField label={t("deliver.recipient")}>
            <Input value={recipient} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" maxLength={200} />
          </FormField>
          <FormField label={t("note")}>
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
          </FormField>
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void confirm()} disabled={preparing}>
            {t("deliver.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Failed: why (the contract's reasons), and a note — required for "Other". */
export function FailDialog({ stop, open, onOpenChange, onConfirm }: { stop: DriverStop; open: boolean; onOpenChange: (open: boolean) => void; onConfirm: (failure: { reason: FailureReason; note: string | null }) => void }) {
  const { t } = useTranslation("driver");
  const [reason, setReason] = useState<FailureReason | "">("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const reasonLabel = useId();

  function confirm() {
    const next: { reason?: string; note?: string } = {};
    if (!reason) next.reason = translateMessage(driverMessages.reasonRequired);
    if (reason === "other" && !note.trim()) next.note = translateMessage(driverMessages.noteRequired);
    setErrors(next);
    if (!reason || next.note) return;
    onConfirm({ reason, note: note.trim() || null });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("fail.title", { label: stop.label })}</DialogTitle>
          <DialogDescription>{t("fail.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <span id={reasonLabel} className="text-sm font-medium">
              {t("fail.reason")}
            </span>
            <RadioGroup value={reason} onValueChange={(v) => setReason(v as FailureReason)} aria-labelledby={reasonLabel} aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? `${reasonLabel}-error` : undefined}>
              {failureReasons.map((r) => (
                <div key={r} className="flex items-center gap-3">
                  <RadioGroupItem value={r} id={`${reasonLabel}-${r}`} />
                  <Label htmlFor={`${reasonLabel}-${r}`} className="py-1">
                    {t(FAILURE_REASON_KEY[r])}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            {errors.reason ? (
              <p id={`${reasonLabel}-error`} className="text-sm font-medium text-destructive">
                {errors.reason}
              </p>
            ) : null}
          </div>
          <FormField label={reason === "other" ? t("fail.noteRequiredLabel") : t("note")} error={errors.note}>
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={2} />
          </FormField>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
          <Button variant="destructive" onClick={confirm}>
            {t("fail.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
