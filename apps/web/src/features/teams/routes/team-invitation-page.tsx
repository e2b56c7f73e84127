import { Link, Navigate, useParams } from "react-router";
import { MailOpen } from "lucide-react";
import { teamMessages, type InvitationDetails, type InvitationStatus } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { translateMessage } from "@/lib/server-messages";
import { useFormat } from "@/lib/format";
import { useAuth } from "@/lib/auth";
import { useInvitation } from "@/features/teams/api/get-invitation";
import { useAcceptInvitation, useDeclineInvitation } from "@/features/teams/api/respond-invitation";
import { Trans, useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

/** Why an invitation can no longer be answered: the contracts' texts (`errors:team.invitation…`). */
const closed = {
  expired: teamMessages.invitationExpired,
  accepted: teamMessages.invitationAccepted,
  declined: teamMessages.invitationDeclined,
} as const satisfies Record<Exclude<InvitationStatus, "open">, string>;

function Summary({ invitation }: { invitation: InvitationDetails }) {
  const format = useFormat();
  const { t } = useTranslation("teams");
  return (
    <CardDescription>
      <Trans
        t={t}
        i18nKey="invitation.summary"
        values={{ who: invitation.invitedBy ?? t("invitation.someAdmin"), team: invitation.teamName, role: t(ROLE_KEY[invitation.role]) }}
        components={{ team: <span className="font-medium text-foreground" /> }}
      />
      {invitation.status === "open" ? t("invitation.openUntil", { date: format.date(invitation.expiresAt) }) : null}
    </CardDescription>
  );
}

type AnswerProps = {
  token: string;
  invitation: InvitationDetails;
  accept: ReturnType<typeof useAcceptInvitation>;
  decline: ReturnType<typeof useDeclineInvitation>;
};

/** Signed in and the invitation is open: Accept (the page then goes to the team dashboard) or Decline. */
function Answer({ token, invitation, accept, decline }: AnswerProps) {
  const { t } = useTranslation("teams");
  const error = accept.error ?? decline.error;
  return (
    <div className="grid gap-3">
      {invitation.forYou === false ? (
        <Alert>
          <AlertDescription>{t("invitation.otherAddress")}</AlertDescription>
        </Alert>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={accept.isPending || decline.isPending}
          onClick={() => {
            decline.reset();
            accept.mutate(token);
          }}
        >
          {accept.isPending ? t("invitation.joining") : t("invitation.accept")}
        </Button>
        <Button
          variant="outline"
          disabled={accept.isPending || decline.isPending}
          onClick={() => {
            accept.reset();
            decline.mutate(token);
          }}
        >
          {t("invitation.decline")}
        </Button>
      </div>
    </div>
  );
}

/**
 * /team-invitation/:token (TeamInvitationPage), public: who invited you to which team. Signed out,
 * "Sign in" and "Create account" come back here afterwards; signed in, Accept or Decline.
 */
export function TeamInvitationPage() {
  const { t } = useTranslation("teams");
  const { token = "" } = useParams();
  const { user, isPending: sessionPending } = useAuth();
  const invitation = useInvitation(token, user?.id ?? null);
  // The answer lives here, not in <Answer>: the invitation is refetched (closed) as soon as it is answered.
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const back = encodeURIComponent(`/team-invitation/${token}`);

  if (accept.data) return <Navigate to={`/team-dashboard?team=${encodeURIComponent(accept.data.teamId)}`} replace />;

  let content;
  if (decline.isSuccess && invitation.data) {
    content = (
      <CardContent>
        <p role="status">{t("invitation.declinedDone", { team: invitation.data.teamName })}</p>
      </CardContent>
    );
  } else if (invitation.isPending || (sessionPending && !user)) {
    content = <Skeleton className="h-24 w-full" aria-label={t("invitation.loading")} />;
  } else if (invitation.isError) {
    content = (
      <>
        <CardContent>
          <p role="alert" className="font-medium text-destructive">
            {errorMessage(invitation.error)}
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline">
            <Link to="/">{t("invitation.home")}</Link>
          </Button>
        </CardFooter>
      </>
    );
  } else {
    const data = invitation.data;
    content = (
      <>
        <CardContent className="grid gap-4">
          <Summary invitation={data} />
          {data.status !== "open" ? (
            <p role="alert" className="font-medium text-destructive">
              {translateMessage(closed[data.status])}
            </p>
          ) : user ? (
            <Answer token={token} invitation={data} accept={accept} decline={decline} />
          ) : (
            <div className="grid gap-3">
              <p className="text-sm">{t("invitation.signInHint")}</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`/auth/sign-in?redirect=${back}`}>{t("invitation.signIn")}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={`/auth/sign-up?redirect=${back}`}>{t("invitation.createAccount")}</Link>
                </Button>
              </div>
            </div>
          )}
        </CardContent>
        {data.status !== "open" ? (
          <CardFooter>
            <Button asChild variant="outline">
              <Link to={user ? "/teams" : "/"}>{user ? t("list.label") : t("invitation.home")}</Link>
            </Button>
          </CardFooter>
        ) : null}
      </>
    );
  }

  return (
    <PageContainer size="narrow">
      <PageHeader title={t("invitation.pageTitle")} />
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
            <MailOpen className="size-5" aria-hidden="true" />
          </span>
          <CardTitle>
            {invitation.data ? t("invitation.join", { team: invitation.data.teamName }) : translateMessage(teamMessages.invitationReceivedTitle)}
          </CardTitle>
        </CardHeader>
        {content}
      </Card>
    </PageContainer>
  );
}
