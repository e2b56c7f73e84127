import { matchQualityLabels, needsReview, type MatchQuality } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** How well a stop's position matches what was typed: exact address, street only, town, typed coordinates, approximate. */
export function MatchBadge({ match, className }: { match: MatchQuality | null | undefined; className?: string }) {
  if (!match) return null;
  return (
    <Badge
      variant={needsReview(match) ? "outline" : "secondary"}
      className={cn("font-medium", needsReview(match) && "border-amber-500 text-amber-700 dark:text-amber-300", className)}
      data-match={match}
      title={`Match: ${matchQualityLabels[match]}`}
    >
      {matchQualityLabels[match]}
    </Badge>
  );
}
