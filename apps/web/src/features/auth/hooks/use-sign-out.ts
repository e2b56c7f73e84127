import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { toasts } from "@routepilot/contracts";
import { authClient } from "@/lib/auth-client";
import { sessionFlags } from "@/lib/auth";

/** Signs out, clears cached data and returns to /auth (SPEC §8 toasts). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    sessionFlags.intentionalSignOut = true;
    try {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message ?? toasts.signOutError);
    } catch {
      sessionFlags.intentionalSignOut = false;
      toast.error(toasts.signOutError);
      return;
    }
    queryClient.clear();
    toast.success(toasts.signOutSuccess);
    navigate("/auth", { replace: true });
  }, [navigate, queryClient]);
}
