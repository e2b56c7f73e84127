import type { TeamAnalytics, TeamRole } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { ChartCard, SeriesChart, type ChartColumn } from "@/components/charts";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";

/** A team role in the reader's words (catalogue keys of `team-analytics`). */
const ROLE_KEY = { owner: "role.owner", admin: "role.admin", manager: "role.manager", driver: "role.driver", member: "role.member" } as const satisfies Record<TeamRole, string>;

type Row = { name: string; role: string; allocation: number; used: number; routes: number; stops: number; distanceMeters: number };

/** The members' table, written by `format`: the distance in the user's unit (the CSV keeps metres). */
function columnsFor(format: Formatter, t: TFunction<"team-analytics">): ChartColumn<Row>[] {
  return [
    { key: "name", label: t("members.member") },
    { key: "role", label: t("members.role") },
    { key: "allocation", label: t("members.allocationColumn") },
    { key: "used", label: t("members.usedColumn") },
    { key: "routes", label: t("members.routes") },
    { key: "stops", label: t("members.stops") },
    { key: "distanceMeters", label: t("members.distance"), format: (v) => format.distance(Number(v)), csv: (v) => Math.round(Number(v)) },
  ];
}

/** Each member's use of their allocation (bar chart) and their own routes in the period (table). */
export function MemberUsage({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const { t } = useTranslation("team-analytics");
  const rows: Row[] = data.members.map((m) => ({
    name: m.name || m.email,
    role: t(ROLE_KEY[m.role]),
    allocation: m.allocation,
    used: m.used,
    routes: m.routes,
    stops: m.stops,
    distanceMeters: m.distanceMeters,
  }));
  return (
    <ChartCard
      title={t("members.title")}
      description={t("members.description")}
      period={data}
      rows={rows}
      columns={columnsFor(format, t)}
      emptyText={t("members.empty")}
    >
      <SeriesChart
        kind="bar"
        data={rows}
        xKey="name"
        series={[
          { key: "allocation", label: t("members.allocation") },
          { key: "used", label: t("members.used") },
          { key: "routes", label: t("members.routes") },
        ]}
        format={(v) => format.number(v)}
      />
    </ChartCard>
  );
}
