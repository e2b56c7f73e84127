import { useParams } from "react-router";
import { CheckCircle2, Loader2, MailX } from "lucide-react";
import { driverMessages } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { isGone, useConfirmUnsubscribe, useUnsubscribe } from "@/features/tracking/api/tracking";
import { GoneCard, Loading } from "@/features/tracking/components/public-states";

/** /unsubscribe/:token: a customer stops a team's delivery e-mails (public; one confirm button). */
export function UnsubscribePage() {
  const { token = "" } = useParams();
  const info = useUnsubscribe(token);
  const confirm = useConfirmUnsubscribe(token);
  return (
    <PageContainer size="narrow">
      {info.isPending ? (
        <Loading text="Loading…" />
      ) : isGone(info.error) ? (
        <GoneCard label="Invalid link" title={driverMessages.unsubscribeGone} hint="Use the link at the bottom of the latest delivery e-mail you received." />
      ) : info.isError ? (
        <ErrorCard message="This page could not be loaded." onRetry={() => void info.refetch()} />
      ) : info.data.unsubscribed ? (
        <Card className="text-center">
          <CardContent className="grid justify-items-center gap-3 p-8">
            <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
            <h1 className="text-xl font-semibold">You are unsubscribed</h1>
            <p role="status" className="break-words text-muted-foreground">
              {info.data.teamName} will no longer send delivery e-mails to {info.data.email}.
            </p>
          </CardContent>
        </Card>
      ) : (
        <Card className="text-center">
          <CardContent className="grid justify-items-center gap-3 p-8">
            <MailX className="size-10 text-muted-foreground" aria-hidden="true" />
            <h1 className="text-xl font-semibold">Stop delivery e-mails?</h1>
            <p className="break-words text-muted-foreground">
              {info.data.teamName} will stop sending delivery updates to {info.data.email}.
            </p>
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Unsubscribe
            </Button>
            {confirm.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(confirm.error, "That did not work. Please try again.")}
              </p>
            ) : null}
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
