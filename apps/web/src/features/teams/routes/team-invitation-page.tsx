import { Link, Navigate, useParams } from "react-router";
import { MailOpen } from "lucide-react";
import { teamMessages, teamRoleNames, type InvitationDetails, type InvitationStatus } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useAuth } from "@/lib/auth";
import { useInvitation } from "@/features/teams/api/get-invitation";
import { useAcceptInvitation, useDeclineInvitation } from "@/features/teams/api/respond-invitation";

const closed: Record<Exclude<InvitationStatus, "open">, string> = {
  expired: teamMessages.invitationExpired,
  accepted: teamMessages.invitationAccepted,
  declined: teamMessages.invitationDeclined,
};

function Summary({ invitation }: { invitation: InvitationDetails }) {
  const format = useFormat();
  return (
    <CardDescription>
      {invitation.invitedBy ?? "A team admin"} invited you to join <span className="font-medium text-foreground">{invitation.teamName}</span> as{" "}
      {teamRoleNames[invitation.role]}.
      {invitation.status === "open" ? ` The invitation is open until ${format.date(invitation.expiresAt)}.` : null}
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
  const error = accept.error ?? decline.error;
  return (
    <div className="grid gap-3">
      {invitation.forYou === false ? (
        <Alert>
          <AlertDescription>This invitation was sent to a different e-mail address from the one you are signed in with.</AlertDescription>
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
          {accept.isPending ? "Joining…" : "Accept"}
        </Button>
        <Button
          variant="outline"
          disabled={accept.isPending || decline.isPending}
          onClick={() => {
            accept.reset();
            decline.mutate(token);
          }}
        >
          Decline
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
        <p role="status">You declined the invitation to join {invitation.data.teamName}.</p>
      </CardContent>
    );
  } else if (invitation.isPending || (sessionPending && !user)) {
    content = <Skeleton className="h-24 w-full" aria-label="Loading the invitation" />;
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
            <Link to="/">Go to the home page</Link>
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
              {closed[data.status]}
            </p>
          ) : user ? (
            <Answer token={token} invitation={data} accept={accept} decline={decline} />
          ) : (
            <div className="grid gap-3">
              <p className="text-sm">Sign in to accept it, or create an account with the e-mail address the invitation was sent to.</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`/auth/sign-in?redirect=${back}`}>Sign in</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={`/auth/sign-up?redirect=${back}`}>Create account</Link>
                </Button>
              </div>
            </div>
          )}
        </CardContent>
        {data.status !== "open" ? (
          <CardFooter>
            <Button asChild variant="outline">
              <Link to={user ? "/teams" : "/"}>{user ? "Your teams" : "Go to the home page"}</Link>
            </Button>
          </CardFooter>
        ) : null}
      </>
    );
  }

  return (
    <PageContainer size="narrow">
      <PageHeader title="Team Invitation" />
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
            <MailOpen className="size-5" aria-hidden="true" />
          </span>
          <CardTitle>
            {invitation.data ? `Join ${invitation.data.teamName}` : "Team invitation"}
          </CardTitle>
        </CardHeader>
        {content}
      </Card>
    </PageContainer>
  );
}
