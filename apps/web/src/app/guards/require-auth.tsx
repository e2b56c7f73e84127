import { useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "@/components/loading-screen";
import { SESSION_EXPIRED_MESSAGE, sessionFlags, useAuth } from "@/lib/auth";

/** The /auth URL that returns to `path` after signing in. */
export function signInPath(path: string): string {
  return `/auth?redirect=${encodeURIComponent(path)}`;
}

/**
 * Protected pages: signed-out visitors go to /auth and come back afterwards. If the session
 * lapses while the user is here (not a deliberate sign-out), /auth says it has expired.
 */
export function RequireAuth() {
  const { user, isPending } = useAuth();
  const location = useLocation();
  const [hadUser, setHadUser] = useState(false);
  if (user && !hadUser) setHadUser(true);

  if (!user) {
    if (isPending) return <LoadingScreen />;
    const expired = hadUser && !sessionFlags.intentionalSignOut;
    return (
      <Navigate
        to={signInPath(`${location.pathname}${location.search}${location.hash}`)}
        replace
        state={expired ? { message: SESSION_EXPIRED_MESSAGE } : undefined}
      />
    );
  }
  return <Outlet />;
}
