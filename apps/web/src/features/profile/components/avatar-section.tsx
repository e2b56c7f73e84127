import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { ImageUp, Trash2 } from "lucide-react";
import { AVATAR_MAX_BYTES, avatarContentTypes, profileMessages, type AvatarCrop } from "@routepilot/contracts";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { UserAvatar } from "@/components/user-avatar";
import { useRemoveAvatar, useUploadAvatar } from "@/features/profile/api/avatar";
import { AvatarCropDialog } from "@/features/profile/components/avatar-crop-dialog";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

type AvatarSectionProps = { person: { name?: string | null; email?: string | null; image?: string | null } };

/** Why a picked file cannot be an avatar, before anything is sent (the server checks again, by the file's bytes). */
export function avatarFileProblem(file: File): string | null {
  if (!(avatarContentTypes as readonly string[]).includes(file.type)) return profileMessages.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return profileMessages.avatarTooLarge;
  return null;
}

/** The avatar: upload a PNG, JPEG or WebP, crop it to a square, or remove it; initials without one. */
export function AvatarSection({ person }: AvatarSectionProps) {
  const { t } = useTranslation("profile");
  const input = useRef<HTMLInputElement>(null);
  const mb = AVATAR_MAX_BYTES / 1024 / 1024;
  const problemText = (message: string | null) =>
    message === profileMessages.avatarType ? translateMessage(profileMessages.avatarType) : message === profileMessages.avatarTooLarge ? t("avatar.tooLarge", { mb }) : message;
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<"saved" | "removed" | null>(null);

  // The picked picture's object URL lives as long as the crop dialog shows it.
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setDone(null);
    remove.reset();
    if (!file) return;
    const refused = avatarFileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.reset();
    setPicked({ file, url: URL.createObjectURL(file) });
  };

  const save = (crop: AvatarCrop | null) => {
    if (!picked) return;
    upload.mutate(
      { file: picked.file, crop },
      {
        onSuccess: () => {
          setPicked(null);
          setDone("saved");
        },
      },
    );
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <UserAvatar person={person} size="xl" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {person.image ? t("avatar.change") : t("avatar.upload")}
          </Button>
          {person.image ? (
            <Button
              type="button"
              variant="outline"
              className="text-destructive"
              disabled={busy}
              onClick={() => {
                setDone(null);
                setProblem(null);
                remove.mutate(undefined, { onSuccess: () => setDone("removed") });
              }}
            >
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
              {t("avatar.remove")}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={avatarContentTypes.join(",")}
          className="hidden"
          aria-label={t("avatar.file")}
          data-testid="avatar-file-input"
          onChange={choose}
        />
        <p className="text-sm text-muted-foreground">{t("avatar.hint", { mb })}</p>
        <InlineError error={problemText(problem) ?? remove.error} />
        {done ? (
          <p className="text-sm text-success" role="status">
            {translateMessage(done === "saved" ? profileMessages.avatarSaved : profileMessages.avatarRemoved)}
          </p>
        ) : null}
      </div>
      <AvatarCropDialog
        key={picked?.url ?? "closed"}
        source={picked?.url ?? null}
        saving={upload.isPending}
        error={upload.error}
        onCancel={() => {
          setPicked(null);
          upload.reset();
        }}
        onSave={save}
      />
    </div>
  );
}
