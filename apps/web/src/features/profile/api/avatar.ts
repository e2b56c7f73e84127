import { useMutation, useQueryClient } from "@tanstack/react-query";
import { avatarResponseSchema, type AvatarCrop, type AvatarResponse } from "@routepilot/contracts";
import { ApiError } from "@/lib/api-client";
import { meQueryKey, useAuth } from "@/lib/auth";
import { queryKeys } from "@/lib/query-keys";
import { send } from "@/features/profile/lib/send";

function parsed(data: unknown): AvatarResponse {
  const result = avatarResponseSchema.safeParse(data);
  if (!result.success) throw new ApiError(200, "INVALID_RESPONSE", "Something went wrong. Please try again.");
  return result.data;
}

/** PUT /api/me/avatar (multipart): the picked file and the crop square in its pixels, or none for the centre square. */
export async function uploadAvatar({ file, crop }: { file: Blob; crop: AvatarCrop | null }): Promise<AvatarResponse> {
  const form = new FormData();
  form.set("file", file, file instanceof File ? file.name : "avatar");
  if (crop) {
    form.set("cropX", String(crop.cropX));
    form.set("cropY", String(crop.cropY));
    form.set("cropSize", String(crop.cropSize));
  }
  return parsed(await send("/api/me/avatar", { method: "PUT", body: form }));
}

/** DELETE /api/me/avatar: the picture is removed and its stored object deleted. */
export async function removeAvatar(): Promise<AvatarResponse> {
  return parsed(await send("/api/me/avatar", { method: "DELETE" }));
}

/** After a change the session is re-read, so every avatar in the app shows the new picture. */
function useAfterAvatarChange() {
  const { refetch } = useAuth();
  const queryClient = useQueryClient();
  return async () => {
    await refetch();
    // Team member lists carry the image too.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await queryClient.invalidateQueries({ queryKey: queryKeys.teams });
  };
}

export function useUploadAvatar() {
  const after = useAfterAvatarChange();
  // Shown in the crop dialog (decision 018).
  return useMutation({ mutationFn: uploadAvatar, onSuccess: after, meta: { errorShownInline: true } });
}

export function useRemoveAvatar() {
  const after = useAfterAvatarChange();
  // Shown under the buttons (decision 018).
  return useMutation({ mutationFn: removeAvatar, onSuccess: after, meta: { errorShownInline: true } });
}
