/** One colour per vehicle route (map lines, markers, timeline), distinct in light and dark themes. */
export const routeColours = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#db2777", "#65a30d", "#7c3aed", "#b45309"] as const;

export function routeColour(index: number): string {
  return routeColours[index % routeColours.length]!;
}
