import { useId, useState, type ReactNode } from "react";
import { MapPinCheck } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useGeocode, type GeocodeResult } from "@/features/planner/api/geocode";
import { useDebouncedValue } from "@/features/planner/hooks/use-debounced-value";
import type { PlaceDraft } from "@/features/planner/lib/planner-form";
import { useTranslation } from "@/lib/i18n";
import { matchKeys } from "@/features/planner/components/match-badge";

type PlaceInputProps = {
  label: ReactNode;
  value: PlaceDraft;
  onChange: (place: PlaceDraft) => void;
  error?: string | undefined;
  /** Bias suggestions towards this place (the start). */
  near?: { lat: number; lng: number } | undefined;
  placeholder?: string;
  /** Visually hide the label (rows in a list keep it for screen readers). */
  hideLabel?: boolean;
  className?: string;
  /** Controls shown after the input on the same line (e.g. "Use my location"). */
  children?: ReactNode;
};

/**
 * An address field with suggestions from GET /api/geocode (ARIA combobox: arrows move,
 * Enter picks, Escape closes). Typing clears a picked place's coordinates; picking sets them.
 * Text that is never picked is geocoded by the server when optimising ("lat, lng" works too).
 */
export function PlaceInput({ label, value, onChange, error, near, placeholder, hideLabel, className, children }: PlaceInputProps) {
  const { t } = useTranslation("planner");
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value.lat === undefined ? value.text : "", 180);
  const suggestions = useGeocode(query, near, open);
  const results: GeocodeResult[] = open && value.lat === undefined && query.trim().length >= 2 ? (suggestions.data ?? []) : [];
  const expanded = results.length > 0;
  const picked = value.lat !== undefined && value.lng !== undefined;
  // A failed search for suggestions is said under the field being typed in (decision 018), not silently empty.
  const searchFailed = open && value.lat === undefined && query.trim().length >= 2 && suggestions.isError;

  function pick(result: GeocodeResult) {
    onChange({ text: result.label, lat: result.lat, lng: result.lng, match: result.match });
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Input
            id={id}
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={placeholder ?? t("place.placeholder")}
            value={value.text}
            className={cn(picked && "pr-8")}
            onChange={(event) => {
              onChange({ text: event.target.value });
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                // Also before the suggestions arrive: a pending lookup must not open the list afterwards.
                if (expanded) event.stopPropagation();
                setOpen(false);
                return;
              }
              if (!expanded) {
                if (event.key === "ArrowDown") setOpen(true);
                return;
              }
              if (event.key === "ArrowDown") {
                event.preventDefault();
                setActive((i) => (i + 1) % results.length);
              } else if (event.key === "ArrowUp") {
                event.preventDefault();
                setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
              } else if (event.key === "Enter" && active >= 0 && results[active]) {
                event.preventDefault();
                pick(results[active]);
              }
            }}
          />
          {picked ? <MapPinCheck className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-success" aria-label={t("place.found")} /> : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={t("place.suggestions")}
            hidden={!expanded}
            className="absolute top-full right-0 left-0 z-[1100] mt-1 max-h-64 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {results.map((result, index) => (
              <li
                key={`${result.label}-${result.lat}-${result.lng}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={cn("cursor-pointer rounded-sm px-2 py-1.5 text-sm", index === active ? "bg-accent text-accent-foreground" : "hover:bg-accent")}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(result)}
              >
                <span className="block truncate">{result.label}</span>
                {/* How precise the place is, in the badge's words (not the geocoder's internal names). */}
                <span className="block text-xs text-muted-foreground">{t(matchKeys[result.match])}</span>
              </li>
            ))}
          </ul>
        </div>
        {children}
      </div>
      {searchFailed ? (
        <p role="status" className="text-xs text-muted-foreground">
          {t("place.noSuggestions", { message: errorMessage(suggestions.error) })}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
