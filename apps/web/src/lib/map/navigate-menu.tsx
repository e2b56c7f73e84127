import { ExternalLink, Navigation } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { appleMapsLink, googleMapsLinks, googleTravelMode, navigationPoints, wazeLink, type NavRoute } from "@/lib/map/handoff";

/**
 * "Navigate": the whole route in Google Maps (in parts of at most 10 places, the drive home
 * travelling with the last stops), and the next stop in Apple Maps or Waze — whose links take one
 * destination, which the items say.
 */
export function NavigateMenu({ route, nextStop }: { route: NavRoute; /** Index of the stop Apple Maps and Waze go to. */ nextStop: number }) {
  const { points, finish } = navigationPoints(route);
  const links = googleMapsLinks(points, googleTravelMode(route.profile), finish);
  const index = route.stops[nextStop] ? nextStop : 0;
  const target = route.stops[index];
  const from = index > 0 ? route.stops[index - 1]! : route.start;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm">
          <Navigation aria-hidden="true" />
          Navigate
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuLabel>Google Maps — whole route{links.length > 1 ? ` in ${links.length} parts` : ""}</DropdownMenuLabel>
        {links.map((link, i) => (
          <DropdownMenuItem key={link.url} asChild>
            <a href={link.url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {links.length > 1 ? `Part ${i + 1}: ${link.label}` : "Whole route"}
            </a>
          </DropdownMenuItem>
        ))}
        {target ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="font-normal text-muted-foreground">
              Apple Maps and Waze take one destination: stop {index + 1}, {target.label}
            </DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <a href={appleMapsLink(from, target, route.profile === "foot" ? "w" : "d")} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Apple Maps — next stop only
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={wazeLink(target)} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Waze — next stop only
              </a>
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
