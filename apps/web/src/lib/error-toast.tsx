import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";

/**
 * Shows a failure in an error toast that stays until the person closes it (decision 018): the
 * server's message (or `errorMessage`'s fallback) followed by `note`, under `title` when given,
 * announced at once (role=alert). The same title and message are shown once, however often they fail.
 */
export function showErrorToast(error: unknown, title?: string, note?: string): void {
  const message = note ? `${errorMessage(error)} ${note}` : errorMessage(error);
  toast.error(
    <div role="alert">
      {title ? <p className="font-medium">{title}</p> : null}
      <p className={title ? "font-normal" : "font-medium"}>{message}</p>
    </div>,
    { id: `error:${title ?? ""}:${message}`, duration: Infinity, closeButton: true },
  );
}
