/** Map data credit (OpenStreetMap licence) for pages that show maps. */
export function OsmCreditLine() {
  return (
    <p className="mt-6 text-xs text-muted-foreground">
      Map data ©{" "}
      <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline underline-offset-2">
        OpenStreetMap contributors
      </a>
    </p>
  );
}
