import { useEffect, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { History, Plus, Search } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { ErrorCard } from "@/components/errors/error-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useRouteList } from "@/features/history/api/list-routes";
import { RouteHistoryItem } from "@/features/history/components/route-history-item";
import { useTranslation } from "@/lib/i18n";

/**
 * /route-history (RouteHistory): the user's routes, newest first, with search (`?q=`). `authorFilter`
 * (given by the app for a team's owner/admin) sets `?teamId=`/`?memberId=` to list members' routes.
 */
export function RouteHistoryPage({ authorFilter }: { authorFilter?: ReactNode }) {
  const { t } = useTranslation("history");
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  const teamId = searchParams.get("teamId") ?? undefined;
  const memberId = searchParams.get("memberId") ?? undefined;
  const filtered = Boolean(teamId || memberId);
  const [text, setText] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() === q) return;
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (text.trim()) next.set("q", text.trim());
          else next.delete("q");
          return next;
        },
        { replace: true },
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [text, q, setSearchParams]);
  const list = useRouteList(q, { teamId, memberId });

  return (
    <PageContainer>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild>
            <Link to="/">
              <Plus aria-hidden="true" />
              {t("planRoute")}
            </Link>
          </Button>
        }
      />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div className="relative w-full max-w-md">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input type="search" aria-label={t("search")} placeholder={t("searchPlaceholder")} className="pl-9" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
        </div>
        {authorFilter}
      </div>
      {list.isPending ? (
        <div className="grid gap-3" aria-label={t("loading")}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorCard message={filtered ? errorMessage(list.error) : t("loadFailed")} onRetry={() => void list.refetch()} />
      ) : list.data.routes.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
          <History className="size-10" aria-hidden="true" />
          <p>{q ? t("noMatch", { q }) : filtered ? t("noneByMembers") : t("none")}</p>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {t("count", { count: list.data.total })}
            {q ? t("matching", { q }) : ""}
          </p>
          <ul className="grid gap-3" aria-label={t("list")}>
            {list.data.routes.map((route) => (
              <RouteHistoryItem key={route.id} route={route} />
            ))}
          </ul>
        </>
      )}
    </PageContainer>
  );
}
