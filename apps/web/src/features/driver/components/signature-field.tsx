import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import SignaturePad from "signature_pad";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/i18n";

export type SignatureHandle = { toBlob(): Promise<Blob | null> };

/** A data: URL as a Blob (no fetch: works with no network). */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body = ""] = dataUrl.split(",");
  const type = /data:([^;]+)/.exec(head ?? "")?.[1] ?? "image/png";
  const bytes = atob(body);
  const array = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) array[i] = bytes.charCodeAt(i);
  return new Blob([array], { type });
}

/**
 * The recipient signs on the screen (signature_pad); `toBlob` gives the PNG, or null when nothing
 * was drawn. Someone who cannot draw types the recipient's name instead.
 */
export function SignatureField({ ref, onChange }: { ref?: Ref<SignatureHandle>; onChange?: (signed: boolean) => void }) {
  const { t } = useTranslation("driver");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [signed, setSigned] = useState(false);
  const changeRef = useRef(onChange);
  useEffect(() => {
    changeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !canvas.getContext("2d")) return;
    // Sharp lines on high-density screens: the drawing buffer in device pixels.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio || 320;
    canvas.height = canvas.offsetHeight * ratio || 160;
    canvas.getContext("2d")?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: "rgb(255,255,255)", penColor: "rgb(15,23,42)" });
    const ended = () => {
      setSigned(!pad.isEmpty());
      changeRef.current?.(!pad.isEmpty());
    };
    pad.addEventListener("endStroke", ended);
    padRef.current = pad;
    return () => {
      pad.removeEventListener("endStroke", ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toBlob: async () => {
      const pad = padRef.current;
      if (!pad || pad.isEmpty()) return null;
      return dataUrlToBlob(pad.toDataURL("image/png"));
    },
  }));

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <span id="signature-label" className="text-sm font-medium">
          {t("signature.label")}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={!signed}
          onClick={() => {
            padRef.current?.clear();
            setSigned(false);
            changeRef.current?.(false);
          }}
        >
          {t("signature.clear")}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-help"
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border bg-white"
      />
      <p id="signature-help" className="text-xs text-muted-foreground">
        {signed ? t("signature.signed") : t("signature.help")}
      </p>
    </div>
  );
}
