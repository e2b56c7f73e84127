/** GET /api/routes/:id/export?format=gpx|csv — a download link (the server sends Content-Disposition). */
export function exportRouteUrl(id: string, format: "gpx" | "csv"): string {
  return `/api/routes/${encodeURIComponent(id)}/export?format=${format}`;
}
