import { needsReview, type MatchQuality } from "@routepilot/contracts";
import { useTranslation } from "@/lib/i18n";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** The badge's words for each match quality (contracts' `matchQualityLabels`). */
export const matchKeys = { exact: "match.exact", street: "match.street", place: "match.place", coordinates: "match.coordinates", approximate: "match.approximate" } as const satisfies Record<MatchQuality, string>;

/** How well a stop's position matches what was typed: exact address, street only, town, typed coordinates, approximate. */
export function MatchBadge({ match, className }: { match: MatchQuality | null | undefined; className?: string }) {
  const { t } = useTranslation("planner");
  if (!match) return null;
  const label = t(matchKeys[match]);
  return (
    <Badge
      variant={needsReview(match) ? "outline" : "secondary"}
      className={cn("font-medium", needsReview(match) && "border-amber-500 text-amber-700 dark:text-amber-300", className)}
      data-match={match}
      title={t("match.title", { label })}
    >
      {label}
    </Badge>
  );
}
