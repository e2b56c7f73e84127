import { teamRoleNames, type TeamAnalytics } from "@routepilot/contracts";
import { ChartCard, SeriesChart, type ChartColumn } from "@/components/charts";
import { useFormat, type Formatter } from "@/lib/format";

type Row = { name: string; role: string; allocation: number; used: number; routes: number; stops: number; distanceMeters: number };

/** The members' table, written by `format`: the distance in the user's unit (the CSV keeps metres). */
function columnsFor(format: Formatter): ChartColumn<Row>[] {
  return [
    { key: "name", label: "Member" },
    { key: "role", label: "Role" },
    { key: "allocation", label: "Allocation (routes a month)" },
    { key: "used", label: "Used this usage period" },
    { key: "routes", label: "Routes in period" },
    { key: "stops", label: "Stops in period" },
    { key: "distanceMeters", label: "Distance in period", format: (v) => format.distance(Number(v)), csv: (v) => Math.round(Number(v)) },
  ];
}

/** Each member's use of their allocation (bar chart) and their own routes in the period (table). */
export function MemberUsage({ data }: { data: TeamAnalytics }) {
  const format = useFormat();
  const rows: Row[] = data.members.map((m) => ({
    name: m.name || m.email,
    role: teamRoleNames[m.role],
    allocation: m.allocation,
    used: m.used,
    routes: m.routes,
    stops: m.stops,
    distanceMeters: m.distanceMeters,
  }));
  return (
    <ChartCard
      title="Member usage against allocation"
      description="Routes used of each member's monthly allocation (the owner uses their own plan), and the routes each member planned in the period."
      period={data}
      rows={rows}
      columns={columnsFor(format)}
      emptyText="The team has no members yet."
    >
      <SeriesChart
        kind="bar"
        data={rows}
        xKey="name"
        series={[
          { key: "allocation", label: "Allocation" },
          { key: "used", label: "Used" },
          { key: "routes", label: "Routes in period" },
        ]}
        format={(v) => format.number(v)}
      />
    </ChartCard>
  );
}
