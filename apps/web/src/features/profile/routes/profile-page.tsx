import type { ReactNode } from "react";
import { Link } from "react-router";
import { BadgeCheck, MailWarning, UserRound } from "lucide-react";
import { tierDisplayNames } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth, useMe } from "@/lib/auth";

/** /profile (Profile): who you are signed in as and your plan. */
export function ProfilePage() {
  const { user } = useAuth();
  const me = useMe();
  const rows: [string, ReactNode][] = [
    ["Name", user?.name || "—"],
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
    ["Member since", user?.createdAt ? new Date(user.createdAt).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" }) : "—"],
  ];
  return (
    <PageContainer size="narrow">
      <PageHeader title="Profile" description="Your account details and plan at a glance." />
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <UserRound className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>{user?.name || user?.email || "Your account"}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            {rows.map(([label, value]) => (
              <div key={label} className="grid grid-cols-3 gap-4 py-3 text-sm">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className="col-span-2">{value}</dd>
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
    </PageContainer>
  );
}
