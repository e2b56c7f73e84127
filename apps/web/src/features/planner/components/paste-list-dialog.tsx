import { useState } from "react";
import { ClipboardList } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { parseAddressList } from "@/features/planner/lib/paste-list";
import { useTranslation } from "@/lib/i18n";

/** "Paste a list": one address (or "lat, lng") per line becomes one destination each. */
export function PasteListDialog({ onAdd }: { onAdd: (addresses: string[]) => void }) {
  const { t } = useTranslation("planner");
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const lines = parseAddressList(text);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ClipboardList aria-hidden="true" />
          {t("paste.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("paste.title")}</DialogTitle>
          <DialogDescription>{t("paste.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="paste-addresses">{t("paste.addresses")}</Label>
          {/* eslint-disable-next-line i18next/no-literal-string -- example addresses in Liechtenstein, the same in every language */}
          <Textarea id="paste-addresses" rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={"Städtle 38, Vaduz\nSchaan, Liechtenstein\n47.2107, 9.5222"} />
        </div>
        <DialogFooter>
          <Button
            disabled={lines.length === 0}
            onClick={() => {
              onAdd(lines);
              setText("");
              setOpen(false);
            }}
          >
            {t("paste.add", { count: lines.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
