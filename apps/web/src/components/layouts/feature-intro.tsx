import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent } from "@/components/ui/card";

type FeatureIntroProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the page covers, one short line each. */
  highlights?: string[];
  children?: ReactNode;
};

/** A page's heading, its one-line purpose and what it covers (pages whose tools arrive later). */
export function FeatureIntro({ title, description, icon: Icon, highlights, children }: FeatureIntroProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      {highlights && highlights.length > 0 ? (
        <Card>
          <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <ul className="grid flex-1 gap-2 text-sm text-muted-foreground sm:grid-cols-2">
              {highlights.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {children}
    </PageContainer>
  );
}
