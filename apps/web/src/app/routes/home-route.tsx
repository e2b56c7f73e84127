import { LoadingScreen } from "@/components/loading-screen";
import { useAuth } from "@/lib/auth";
import { HomePage, PlannerRoute } from "@/app/routes/pages";

/** `/`: the landing page when signed out, the planner (signed-in home) otherwise. */
export function HomeRoute() {
  const { user, isPending } = useAuth();
  if (isPending && !user) return <LoadingScreen />;
  return user ? <PlannerRoute /> : <HomePage />;
}
