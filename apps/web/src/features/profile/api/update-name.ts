import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey, useAuth } from "@/lib/auth";
import { postAuth } from "@/features/profile/lib/send";

/** POST /api/auth/update-user {name}: the display name, trimmed (the server checks it again). */
export function updateName(name: string): Promise<unknown> {
  return postAuth("/api/auth/update-user", { name: name.trim() });
}

/** Saves the display name, then re-reads the session so the top bar and menus show it at once. */
export function useUpdateName() {
  const { refetch } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    // Shown by the field or under the form (decision 018).
    meta: { errorShownInline: true },
    onSuccess: async () => {
      await refetch();
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
