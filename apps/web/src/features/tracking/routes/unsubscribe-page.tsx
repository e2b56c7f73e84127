import { useParams } from "react-router";
import { driverMessages } from "@routepilot/contracts";
import { CheckCircle2, Loader2, MailX } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import { isGone, useConfirmUnsubscribe, useUnsubscribe } from "@/features/tracking/api/tracking";
import { GoneCard, Loading } from "@/features/tracking/components/public-states";

/** /unsubscribe/:token: a customer stops a team's delivery e-mails (public; one confirm button). */
export function UnsubscribePage() {
  const { t } = useTranslation("tracking");
  const { token = "" } = useParams();
  const info = useUnsubscribe(token);
  const confirm = useConfirmUnsubscribe(token);
  return (
    <PageContainer size="narrow">
      {info.isPending ? (
        <Loading text={t("unsubscribe.loading")} />
      ) : isGone(info.error) ? (
        <GoneCard label={t("unsubscribe.invalidLink")} title={translateMessage(driverMessages.unsubscribeGone)} hint={t("unsubscribe.goneHint")} />
      ) : info.isError ? (
        <ErrorCard message={t("unsubscribe.loadError")} onRetry={() => void info.refetch()} />
      ) : info.data.unsubscribed ? (
        <Card className="text-center">
          <CardContent className="grid justify-items-center gap-3 p-8">
            <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
            <h1 className="text-xl font-semibold">{t("unsubscribe.doneTitle")}</h1>
            <p role="status" className="break-words text-muted-foreground">
              {t("unsubscribe.done", { team: info.data.teamName, email: info.data.email })}
            </p>
          </CardContent>
        </Card>
      ) : (
        <Card className="text-center">
          <CardContent className="grid justify-items-center gap-3 p-8">
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-xl font-semibold">{t("unsubscribe.title")}</h1>
            <p className="break-words text-muted-foreground">
              {t("unsubscribe.body", { team: info.data.teamName, email: info.data.email })}
            </p>
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("unsubscribe.confirm")}
            </Button>
            {confirm.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(confirm.error, t("unsubscribe.failed"))}
              </p>
            ) : null}
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
