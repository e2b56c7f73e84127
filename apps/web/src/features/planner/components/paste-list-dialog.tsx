import { useState } from "react";
import { ClipboardList } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { parseAddressList } from "@/features/planner/lib/paste-list";

/** "Paste a list": one address (or "lat, lng") per line becomes one destination each. */
export function PasteListDialog({ onAdd }: { onAdd: (addresses: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const lines = parseAddressList(text);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ClipboardList aria-hidden="true" />
          Paste a list
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Paste destinations</DialogTitle>
          <DialogDescription>One address per line. Bullets and numbering are removed; "lat, lng" lines work too.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="paste-addresses">Addresses</Label>
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
            Add {lines.length} destination{lines.length === 1 ? "" : "s"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
