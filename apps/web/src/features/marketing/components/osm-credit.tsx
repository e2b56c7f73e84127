/** Map data credit required by the OpenStreetMap licence wherever maps are mentioned. */
export function OsmCredit({ className }: { className?: string }) {
  return (
    <p className={className ?? "text-xs text-muted-foreground"}>
      Map data ©{" "}
      <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline underline-offset-2 hover:text-foreground">
        OpenStreetMap contributors
      </a>
    </p>
  );
}
