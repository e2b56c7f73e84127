import { Link2Off, Loader2 } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

/** The loading line of a public page. */
export function Loading({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {text}
    </p>
  );
}

/** What a public page shows for a dead link: the contract's message and what to do instead. */
export function GoneCard({ label, title, hint }: { label: string; title: string; hint: string }) {
  return (
    <Card className="text-center" role="region" aria-label={label}>
      <CardContent className="grid justify-items-center gap-3 p-8">
        <Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}
