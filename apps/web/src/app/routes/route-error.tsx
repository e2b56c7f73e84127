import { useLocation, useNavigate, useRouteError } from "react-router";
import { ErrorCard } from "@/components/errors/error-card";

/** The router's last-resort error element: the SPEC §2 error card with Return Home. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (error) console.error(error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-4 text-foreground">
      <ErrorCard onRetry={() => navigate(`${location.pathname}${location.search}`, { replace: true })} showHome />
    </main>
  );
}
