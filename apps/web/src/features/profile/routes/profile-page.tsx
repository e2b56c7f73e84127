import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { BadgeCheck, MailWarning } from "lucide-react";
import { displayNameOf, tierDisplayNames } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth, useMe } from "@/lib/auth";
import { useFormat } from "@/lib/format";
import { AvatarSection } from "@/features/profile/components/avatar-section";
import { ChangeEmailForm } from "@/features/profile/components/change-email-form";
import { DisplayNameForm } from "@/features/profile/components/display-name-form";

/** /profile (Profile): your name, picture and e-mail address, and your plan at a glance (issue 27). */
export function ProfilePage() {
  const { user } = useAuth();
  const me = useMe();
  const format = useFormat();
  const [search] = useSearchParams();
  const rows: [string, ReactNode][] = [
    ["Email", user?.email ?? "—"],
    [
      "Email status",
      user?.emailVerified ? (
        <Badge variant="success">
          <BadgeCheck className="size-3.5" aria-hidden="true" />
          Verified
        </Badge>
      ) : (
        <Badge variant="outline">
          <MailWarning className="size-3.5" aria-hidden="true" />
          Not verified
        </Badge>
      ),
    ],
    ["Plan", me.data ? `${tierDisplayNames[me.data.tier]} Plan` : <Skeleton key="plan" className="h-5 w-24" />],
    ["Member since", user?.createdAt ? format.date(user.createdAt, "long") : "—"],
  ];
  return (
    <PageContainer size="narrow">
      <PageHeader title="Profile" description="Your name, picture and e-mail address, and your plan at a glance." />
      <div className="grid gap-6">
        {search.get("error") ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" role="alert">
            The confirmation link did not work ({search.get("error")}): it may have expired or been used already. Your e-mail address is still {user?.email}.
          </p>
        ) : search.get("email-changed") ? (
          <p className="rounded-md border border-success/40 bg-success/10 p-3 text-sm" role="status">
            Your e-mail address is now {user?.email}.
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle as="h2">{displayNameOf(user)}</CardTitle>
            <CardDescription>Your picture and name, as your teams see them.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {user ? (
              <>
                <AvatarSection person={user} />
                <DisplayNameForm currentName={user.name} />
              </>
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Change e-mail</CardTitle>
            <CardDescription>We send a confirmation link to the new address and tell your current one. Nothing changes until you open the link.</CardDescription>
          </CardHeader>
          <CardContent>{user ? <ChangeEmailForm currentEmail={user.email} /> : <Skeleton className="h-16 w-full" />}</CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Account</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              {rows.map(([label, value]) => (
                <div key={label} className="grid grid-cols-3 gap-4 py-3 text-sm">
                  <dt className="font-medium text-muted-foreground">{label}</dt>
                  <dd className="col-span-2 break-all">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/settings">Settings</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/update-password">Change password</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/subscription">Manage subscription</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
