import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** One titled card on the settings page. */
export function SettingsSection({ id, title, description, icon: Icon, children }: { id?: string; title: string; description: string; icon: LucideIcon; children: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\s+/g, "-")}-heading`;
  return (
    <Card id={id} aria-labelledby={headingId} role="region" className="scroll-mt-24">
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <CardTitle id={headingId}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  );
}
