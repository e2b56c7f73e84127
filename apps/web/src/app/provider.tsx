import type { ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { AppCrashScreen } from "@/components/errors/app-crash-screen";
import { ThemeProvider, useTheme } from "@/components/theme/theme-provider";
import { AnnouncerProvider } from "@/components/a11y/announcer";
import { Toaster } from "@/components/ui/toaster";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { RealtimeProvider } from "@/lib/realtime";

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} />;
}

/** Everything a page needs around it: crash screen, data cache, live updates, theme, announcer and toasts. */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <ErrorBoundary fallback={() => <AppCrashScreen />}>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>
          <ThemeProvider>
            <AnnouncerProvider>
              {children}
              <ThemedToaster />
            </AnnouncerProvider>
          </ThemeProvider>
        </RealtimeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
