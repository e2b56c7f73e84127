import { useLocation } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { ErrorCard } from "@/components/errors/error-card";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useTeams } from "@/features/teams/api/get-teams";
import { CreateTeamForm } from "@/features/teams/components/create-team-form";
import { TeamList } from "@/features/teams/components/team-list";
import { TeamsOffer } from "@/features/teams/components/teams-offer";
import { useTranslation } from "@/lib/i18n";

function leftTeam(state: unknown): string | null {
  const left = (state as { left?: unknown } | null)?.left;
  return typeof left === "string" ? left : null;
}

/** /teams (Teams): with teams access, the caller's teams and a form to create one; otherwise what teams offer. */
export function TeamsPage() {
  const { t } = useTranslation("teams");
  const me = useMe();
  const location = useLocation();
  const access = me.data?.access.teams ?? false;
  const teams = useTeams();
  const left = leftTeam(location.state);

  return (
    <PageContainer>
      <PageHeader title={t("page.title")} description={t("page.description")} />
      {left ? (
        <p role="status" className="mb-6 text-sm text-muted-foreground">
          {t("page.left", { team: left })}
        </p>
      ) : null}
      {me.isPending ? (
        <Skeleton className="h-40 w-full" aria-label={t("loadingTeams")} />
      ) : me.isError ? (
        <ErrorCard message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
      ) : !access ? (
        <TeamsOffer />
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="your-teams-heading" className="grid gap-3">
            <h2 id="your-teams-heading" className="text-lg font-semibold">
              {t("list.label")}
            </h2>
            {teams.isPending ? (
              <Skeleton className="h-20 w-full" aria-label={t("loadingTeams")} />
            ) : teams.isError ? (
              <ErrorCard message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} />
            ) : (
              <TeamList teams={teams.data.teams} />
            )}
          </section>
          <Card>
            <CardHeader>
              <CardTitle>{t("create.label")}</CardTitle>
            </CardHeader>
            <CardContent>
              <CreateTeamForm />
            </CardContent>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
