import { useState } from "react";
import { toast } from "sonner";
import { updateRouteSchema, type RouteSummary } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useRenameRoute } from "@/features/history/api/rename-route";
import { useTranslation } from "@/lib/i18n";

/** Renames a route (validated with the contract schema: required, at most 120 characters, safe text). */
export function RenameRouteDialog({ route, open, onOpenChange }: { route: RouteSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(["history", "common"]);
  const [name, setName] = useState(route.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameRoute();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setName(route.name);
          setError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = updateRouteSchema.safeParse({ name: name.trim() });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message);
              return;
            }
            rename.mutate(
              { id: route.id, name: name.trim() },
              {
                onSuccess: () => {
                  toast.success(t("rename.renamed"));
                  onOpenChange(false);
                },
                onError: (err) => setError(errorMessage(err)),
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("rename.title")}</DialogTitle>
          </DialogHeader>
          <FormField label={t("rename.name")} error={error}>
            <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} autoFocus />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={rename.isPending}>
              {t("common:save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
