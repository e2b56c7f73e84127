import { useEffect } from "react";
import { LoadingScreen } from "@/components/loading-screen";
import { useAuth } from "@/lib/auth";
import { DriverApp } from "@/features/driver/components/driver-app";
import { DriverSyncProvider } from "@/features/driver/hooks/driver-sync";
import { registerDriverServiceWorker } from "@/features/driver/lib/service-worker";

/** /driver (MobileDriverApp): drivers only (RoleGuard); the installable, offline-capable driver app. */
export function DriverAppPage() {
  const { user } = useAuth();
  useEffect(() => {
    registerDriverServiceWorker();
  }, []);
  if (!user) return <LoadingScreen />;
  return (
    <DriverSyncProvider key={user.id} userId={user.id}>
      <DriverApp />
    </DriverSyncProvider>
  );
}
