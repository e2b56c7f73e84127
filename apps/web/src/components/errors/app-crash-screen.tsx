import { AlertOctagon, RefreshCw, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { reloadPage } from "@/lib/browser";
import { useTranslation } from "@/lib/i18n";

export const PRODUCT_NAME = "RoutePilot";

/** Empties local and session storage (a corrupt stored value can crash the app on every load). */
export function clearBrowserStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* storage blocked */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* storage blocked */
  }
}

/** SPEC §2 application crash screen: "Application Error" with Reload Page and Clear Data & Reload. */
export function AppCrashScreen() {
  const { t } = useTranslation("ui");
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-6 text-foreground">
      <div role="alert" className="flex w-full max-w-md flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-destructive">
          <AlertOctagon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{t("crash.title")}</h1>
        <p className="text-muted-foreground">{t("crash.message", { product: PRODUCT_NAME })}</p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => reloadPage()}>
            <RefreshCw aria-hidden="true" />
            {t("crash.reload")}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              clearBrowserStorage();
              reloadPage();
            }}
          >
            <Trash2 aria-hidden="true" />
            {t("crash.clear")}
          </Button>
        </div>
      </div>
    </main>
  );
}
