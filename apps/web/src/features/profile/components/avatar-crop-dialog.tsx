import { useId, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { ZoomIn, ZoomOut } from "lucide-react";
import type { AvatarCrop } from "@routepilot/contracts";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cropSquare } from "@/features/profile/lib/crop";
import { useTranslation } from "@/lib/i18n";

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

type AvatarCropDialogProps = {
  /** An object URL of the picked picture, or null when the dialog is closed. */
  source: string | null;
  saving: boolean;
  error: unknown;
  onCancel: () => void;
  onSave: (crop: AvatarCrop | null) => void;
};

/**
 * Choose the square of the picture to keep: drag it (or move it with the arrow keys, Shift for
 * small steps) under the round frame and zoom with the slider or the buttons. The square is sent
 * in the picture's own pixels; the server crops and resizes.
 */
export function AvatarCropDialog({ source, saving, error, onCancel, onSave }: AvatarCropDialogProps) {
  const { t } = useTranslation(["profile", "common"]);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [natural, setNatural] = useState({ width: 0, height: 0 });
  const help = useId();
  const zoomBy = (delta: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round((z + delta) * 10) / 10)));

  return (
    <Dialog
      open={source !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("avatar.cropTitle")}</DialogTitle>
          <DialogDescription id={help}>{t("avatar.cropHelp")}</DialogDescription>
        </DialogHeader>
        <div className="relative h-72 w-full overflow-hidden rounded-lg bg-muted">
          {source ? (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              keyboardStep={10}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={(media) => setNatural({ width: media.naturalWidth, height: media.naturalHeight })}
              mediaProps={{ alt: t("avatar.chosen") }}
              cropperProps={{ role: "group", "aria-label": t("avatar.cropArea"), "aria-describedby": help }}
            />
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Button type="button" variant="ghost" size="icon" aria-label={t("avatar.zoomOut")} disabled={zoom <= MIN_ZOOM} onClick={() => zoomBy(-0.2)}>
            <ZoomOut aria-hidden="true" />
          </Button>
          <input
            type="range"
            aria-label={t("avatar.zoom")}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.1}
            value={zoom}
            onChange={(e) => setZoom(Number(e.target.value))}
            className="h-2 flex-1 cursor-pointer accent-primary"
          />
          <Button type="button" variant="ghost" size="icon" aria-label={t("avatar.zoomIn")} disabled={zoom >= MAX_ZOOM} onClick={() => zoomBy(0.2)}>
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
        <InlineError error={error} />
        <DialogFooter>
          <Button type="button" variant="outline" disabled={saving} onClick={onCancel}>
            {t("common:cancel")}
          </Button>
          <Button type="button" disabled={saving} onClick={() => onSave(area ? cropSquare(area, natural) : null)}>
            {saving ? <Spinner className="text-primary-foreground" /> : null}
            {t("avatar.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
