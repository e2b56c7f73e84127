import { useState } from "react";
import { toast } from "sonner";
import { Copy, Download, ExternalLink, Link2, Link2Off, Navigation, Printer } from "lucide-react";
import type { RouteDetail } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { exportRouteUrl } from "@/features/planner/api/export-route";
import { useShareRoute } from "@/features/planner/api/share-route";
import { useUnshareRoute } from "@/features/planner/api/unshare-route";
import { appleMapsLink, googleMapsLinks, wazeLink, type NavPoint } from "@/features/planner/lib/handoff";

/** The whole sequence to drive: start, stops, then the end place (or the start again). */
export function navigationPoints(route: RouteDetail): NavPoint[] {
  const points: NavPoint[] = [route.start, ...route.stops];
  if (route.roundTrip) points.push(route.start);
  else if (route.end) points.push(route.end);
  return points;
}

const travelMode = (profile: RouteDetail["profile"]) => (profile === "bicycle" ? "bicycling" : profile === "foot" ? "walking" : "driving");

/** Open in navigation apps, export GPX/CSV, print, and share a read-only link. */
export function RouteActions({ route, nextStop }: { route: RouteDetail; /** Index of the stop Apple Maps and Waze go to. */ nextStop: number }) {
  const links = googleMapsLinks(navigationPoints(route), travelMode(route.profile));
  const target = route.stops[nextStop] ?? route.stops[0];
  const from = nextStop > 0 ? route.stops[nextStop - 1]! : route.start;
  const share = useShareRoute();
  const unshare = useUnshareRoute();
  const [shareUrl, setShareUrl] = useState<string | null>(null);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied to the clipboard");
    } catch {
      toast.info("Copy the link from the box");
    }
  }

  return (
    <div className="grid gap-3 print:hidden">
      <div className="flex flex-wrap gap-2">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm">
              <Navigation aria-hidden="true" />
              Navigate
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-64">
            <DropdownMenuLabel>Google Maps{links.length > 1 ? ` (${links.length} parts, ≤10 stops each)` : ""}</DropdownMenuLabel>
            {links.map((link, i) => (
              <DropdownMenuItem key={link.url} asChild>
                <a href={link.url} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {links.length > 1 ? `Part ${i + 1}: stops ${link.from}–${link.to}` : "Whole route"}
                </a>
              </DropdownMenuItem>
            ))}
            {target ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuLabel>Next stop: {target.label}</DropdownMenuLabel>
                <DropdownMenuItem asChild>
                  <a href={appleMapsLink(from, target, route.profile === "foot" ? "w" : "d")} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Apple Maps
                  </a>
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <a href={wazeLink(target)} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Waze
                  </a>
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button asChild variant="outline" size="sm">
          <a href={exportRouteUrl(route.id, "gpx")} download>
            <Download aria-hidden="true" />
            GPX
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={exportRouteUrl(route.id, "csv")} download>
            <Download aria-hidden="true" />
            CSV
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={share.isPending}
          onClick={() =>
            share.mutate(route.id, {
              onSuccess: (result) => {
                setShareUrl(result.url);
                void copy(result.url);
              },
              onError: (error) => toast.error("Could not create the share link", { description: errorMessage(error) }),
            })
          }
        >
          <Link2 aria-hidden="true" />
          Share link
        </Button>
      </div>
      {shareUrl ? (
        <div className="grid gap-1.5 rounded-lg border p-3">
          <label htmlFor="share-url" className="text-sm font-medium">
            Read-only link (anyone with it can view this route)
          </label>
          <div className="flex gap-2">
            <Input id="share-url" readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
            <Button variant="outline" size="icon" aria-label="Copy link" onClick={() => void copy(shareUrl)}>
              <Copy aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              disabled={unshare.isPending}
              onClick={() =>
                unshare.mutate(route.id, {
                  onSuccess: () => {
                    setShareUrl(null);
                    toast.success("Share link revoked");
                  },
                  onError: (error) => toast.error("Could not revoke the link", { description: errorMessage(error) }),
                })
              }
            >
              <Link2Off aria-hidden="true" />
              Revoke
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
