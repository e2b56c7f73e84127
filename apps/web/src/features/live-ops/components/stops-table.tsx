import { fleetMessages, type LiveRoute } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import { clock, failureReasonKeys, statusLabels } from "@/features/live-ops/lib/live";

/** Every stop of the day in one table: what the map shows, for screen readers and keyboard users. */
export function StopsTable({ routes }: { routes: LiveRoute[] }) {
  const format = useFormat();
  const { t } = useTranslation("live-ops");
  return (
    // Focusable so a keyboard can scroll it sideways on a phone.
    <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={t("table.title")}>
      <table className="w-full text-left text-sm">
        <caption className="p-2 text-left font-semibold">{t("table.title")}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="p-2">{t("table.route")}</th>
            <th scope="col" className="p-2">{t("card.driver")}</th>
            <th scope="col" className="p-2">#</th>
            <th scope="col" className="p-2">{t("table.stop")}</th>
            <th scope="col" className="p-2">{t("table.status")}</th>
            <th scope="col" className="p-2">{t("table.planned")}</th>
            <th scope="col" className="p-2">{t("table.arrived")}</th>
            <th scope="col" className="p-2">{t("table.finished")}</th>
          </tr>
        </thead>
        <tbody>
          {routes.flatMap((route) =>
            route.stops.flatMap((stop, i) => [
              // Back at the start depot between two trips (issue 26): a row without a number, not an order.
              ...route.reloads
                .filter((r) => r.afterSequence === route.stops[i - 1]?.sequence)
                .map((r) => (
                  <tr key={`${route.id}-reload-${r.afterSequence}`} className="border-t text-muted-foreground" data-reload="">
                    <td className="p-2">{route.name}</td>
                    <td className="p-2">{route.driver?.name ?? "—"}</td>
                    <td className="p-2" />
                    <th scope="row" className="p-2 font-normal">
                      {translateMessage(fleetMessages.reloadLabel)}
                    </th>
                    <td className="p-2" />
                    <td className="p-2">{clock(r.plannedArrival, format)}</td>
                    <td className="p-2" />
                    <td className="p-2" />
                  </tr>
                )),
              <tr key={stop.id} className="border-t">
                <td className="p-2">{route.name}</td>
                <td className="p-2">{route.driver?.name ?? "—"}</td>
                <td className="p-2">{i + 1}</td>
                <th scope="row" className="p-2 font-normal">{stop.label}</th>
                <td className="p-2">
                  {t(statusLabels[stop.status])}
                  {stop.failureReason ? ` (${t(failureReasonKeys[stop.failureReason])})` : ""}
                </td>
                <td className="p-2">{clock(stop.plannedArrival, format)}</td>
                <td className="p-2">{clock(stop.arrivedAt, format)}</td>
                <td className="p-2">{clock(stop.completedAt, format)}</td>
              </tr>,
            ]),
          )}
        </tbody>
      </table>
    </div>
  );
}
