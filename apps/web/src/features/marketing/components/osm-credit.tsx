import { useTranslation } from "@/lib/i18n";

/** Map data credit required by the OpenStreetMap licence wherever maps are mentioned. */
export function OsmCredit({ className }: { className?: string }) {
  const { t } = useTranslation("marketing");
  return (
    <p className={className ?? "text-xs text-muted-foreground"}>
      {t("osm.mapData")}{" "}
      <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline underline-offset-2 hover:text-foreground">
        {t("osm.contributors")}
      </a>
    </p>
  );
}
