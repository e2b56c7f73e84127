import { LoadingScreen } from "@/components/loading-screen";
import { useAuth } from "@/lib/auth";
import { DashboardPage, HomePage } from "@/app/routes/pages";

/** `/`: the landing page when signed out, the signed-in home otherwise. */
export function HomeRoute() {
  const { user, isPending } = useAuth();
  if (isPending && !user) return <LoadingScreen />;
  return user ? <DashboardPage variant="home" /> : <HomePage />;
}
