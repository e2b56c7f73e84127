import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { findPlaces, type FoundPlace } from "@/features/fleet/api/find-places";

/** A depot as typed: an address (searched with the planner's geocoder) and/or latitude and longitude. */
export type DepotValue = { lat: string; lng: string; address: string };

/** The depot a found place gives: its label as the address, and its coordinates. */
export function depotOfPlace(place: FoundPlace): DepotValue {
  return { address: place.label, lat: String(place.lat), lng: String(place.lng) };
}

/** The key of the message for an address the geocoder does not know. */
export const noPlaceFound = "depot.noPlaceFound";

type DepotFieldProps = {
  legend: string;
  value: DepotValue;
  onChange: (value: DepotValue) => void;
  error?: string | undefined;
  /** What an empty depot means, shown under the fields; nothing when the depot is required. */
  emptyMeans?: string | undefined;
};

/**
 * A depot: an address with "Find" and latitude/longitude. Finding fills the coordinates with the
 * best match at once (issue 25: it listed "Vaduz, Liechtenstein" and left them empty); when there
 * are several matches they stay listed to pick another. Enter in the address finds rather than submitting the
 * form. Coordinates that came from a search belong to its address, so editing the address clears
 * them (the dialog locates a typed address on save); coordinates typed by hand are kept.
 */
export function DepotField({ legend, value, onChange, error, emptyMeans }: DepotFieldProps) {
  const { t } = useTranslation("fleet");
  // Every match of the last search, best first; the one in use is marked.
  const [found, setFound] = useState<FoundPlace[]>([]);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  // Whether the coordinates shown were found from the address (rather than typed or loaded).
  const [located, setLocated] = useState(false);

  const pick = (place: FoundPlace) => {
    onChange(depotOfPlace(place));
    setLocated(true);
  };
  const search = async () => {
    if (value.address.trim().length < 2) return;
    setSearchError(null);
    setSearching(true);
    try {
      const places = await findPlaces(value.address);
      setFound(places);
      if (places[0]) pick(places[0]);
      else setSearchError(t(noPlaceFound));
    } catch (e) {
      setSearchError(errorMessage(e));
    } finally {
      setSearching(false);
    }
  };

  return (
    <fieldset className="grid gap-2 rounded-md border p-2">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="flex gap-2">
        <Input
          aria-label={t("depot.addressOf", { legend })}
          placeholder={t("depot.address")}
          value={value.address}
          onChange={(e) => {
            const address = e.target.value;
            setFound([]);
            if (located) {
              setLocated(false);
              onChange({ address, lat: "", lng: "" });
            } else {
              onChange({ ...value, address });
            }
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            void search();
          }}
        />
        <Button type="button" variant="outline" disabled={value.address.trim().length < 2 || searching} onClick={() => void search()}>
          {searching ? t("depot.finding") : t("depot.find")}
        </Button>
      </div>
      {found.length > 1 ? (
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t("depot.pickAnother")}</span>
          <ul className="grid gap-1" aria-label={t("depot.placesFound", { legend })}>
            {found.map((r) => {
              const inUse = located && value.lat === String(r.lat) && value.lng === String(r.lng);
              return (
                <li key={`${r.lat},${r.lng}`}>
                  <button type="button" aria-pressed={inUse} className="text-left underline-offset-2 hover:underline aria-pressed:font-medium" onClick={() => pick(r)}>
                    {r.label}
                    {inUse ? <span className="text-muted-foreground">{t("depot.inUse")}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {searchError ? <p className="text-sm text-destructive">{searchError}</p> : null}
      <div className="flex gap-2">
        <Input
          aria-label={t("depot.latitudeOf", { legend })}
          placeholder={t("depot.latitude")}
          inputMode="decimal"
          value={value.lat}
          onChange={(e) => {
            setLocated(false);
            onChange({ ...value, lat: e.target.value });
          }}
        />
        <Input
          aria-label={t("depot.longitudeOf", { legend })}
          placeholder={t("depot.longitude")}
          inputMode="decimal"
          value={value.lng}
          onChange={(e) => {
            setLocated(false);
            onChange({ ...value, lng: e.target.value });
          }}
        />
      </div>
      {emptyMeans ? <p className="text-xs text-muted-foreground">{t("depot.emptyMeans", { means: emptyMeans })}</p> : null}
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </fieldset>
  );
}
