import { useState } from "react";
import { AlertTriangle, Loader2 } from "lucide-react";
import { needsReview, type ResolveRouteResponse } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { MatchBadge } from "@/features/planner/components/match-badge";
import type { ReviewChoice } from "@/features/planner/api/resolve-route";

type ResolvedPlace = ResolveRouteResponse["places"][number];

/** "Start", "End" or "Destination 3" for a resolved place's field. */
function placeName(field: string, t: TFunction<"planner">): string {
  if (field === "start") return t("review.start");
  if (field === "end") return t("review.end");
  const i = Number(field.split(".")[1]);
  return t("stop.destination", { n: i + 1 });
}

/** The places a person should look at: street-only or approximate matches, and outliers not yet confirmed. */
export function placesToReview(places: ResolvedPlace[]): ResolvedPlace[] {
  return places.filter((p) => needsReview(p.match) || (p.outlier !== null && !p.confirmed));
}

type PlaceReviewProps = {
  places: ResolvedPlace[];
  submitting: boolean;
  onConfirm: (choices: Record<string, ReviewChoice>) => void;
  onBack: () => void;
};

/**
 * The review step before optimising: each doubtful place with its match quality, why it was
 * flagged, and the other matches to pick from. A place far from the others must be confirmed
 * or replaced before the route can be optimised (nothing is charged until then).
 */
export function PlaceReview({ places, submitting, onConfirm, onBack }: PlaceReviewProps) {
  const { t } = useTranslation("planner");
  const review = placesToReview(places);
  // Per field: the index of the chosen option (0 = as resolved, k = candidates[k - 1]) and the outlier confirmation.
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const settled = review.every((p) => p.outlier === null || confirmed[p.field] || (picked[p.field] ?? 0) > 0);

  function submit() {
    const choices: Record<string, ReviewChoice> = {};
    for (const p of review) {
      const k = picked[p.field] ?? 0;
      const option = k === 0 ? p : (p.candidates[k - 1] as ResolvedPlace["candidates"][number]);
      // The user has seen every place listed here: what they send is what they meant.
      choices[p.field] = { lat: option.lat, lng: option.lng, match: option.match, confirmed: true };
    }
    onConfirm(choices);
  }

  return (
    <section aria-labelledby="place-review-title" className="grid gap-4 rounded-lg border bg-card p-4" data-testid="place-review">
      <div className="grid gap-1">
        <h2 id="place-review-title" className="text-lg font-semibold">
          {t("review.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("review.intro")}</p>
      </div>
      <ul className="grid gap-3">
        {review.map((p) => {
          const options = [{ label: p.label, match: p.match }, ...p.candidates];
          const choice = picked[p.field] ?? 0;
          return (
            <li key={p.field} className="grid gap-2 rounded-md border p-3" data-testid="review-place" data-field={p.field}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">
                  {placeName(p.field, t)}: {p.input ?? p.label}
                </span>
                <MatchBadge match={options[choice]?.match} />
              </div>
              {p.outlier ? (
                <p className="flex items-start gap-2 text-sm text-destructive" role="note">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {p.outlier.message}
                </p>
              ) : null}
              <fieldset className="grid gap-1.5">
                <legend className="sr-only">{t("review.matchesFor", { place: placeName(p.field, t) })}</legend>
                {options.map((o, k) => (
                  <label key={`${o.label}-${k}`} className="flex items-center gap-2 text-sm">
                    <input type="radio" name={`review-${p.field}`} checked={choice === k} onChange={() => setPicked((s) => ({ ...s, [p.field]: k }))} />
                    <span className="break-words">{o.label}</span>
                    <MatchBadge match={o.match} />
                  </label>
                ))}
              </fieldset>
              {p.outlier ? (
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" checked={Boolean(confirmed[p.field])} onChange={(e) => setConfirmed((s) => ({ ...s, [p.field]: e.target.checked }))} />
                  {t("review.confirm")}
                </label>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={!settled || submitting}>
          {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t("review.optimiseAnyway")}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          {t("review.back")}
        </Button>
      </div>
    </section>
  );
}
