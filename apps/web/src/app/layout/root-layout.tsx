import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { LoadingScreen } from "@/components/loading-screen";
import { MAIN_CONTENT_ID, useSkipToMainContent } from "@/components/a11y/skip-link";
import { useAnnounce } from "@/components/a11y/announcer";
import { useSessionKeepAlive } from "@/lib/auth";
import { VerifyEmailBanner } from "@/features/auth/components/verify-email-banner";
import { TopBar } from "@/app/layout/top-bar";
import { Footer } from "@/app/layout/footer";
import { ThemeSync } from "@/app/layout/theme-sync";
import { PreferredFormats } from "@/app/layout/preferred-formats";
import { I18nSync } from "@/app/layout/i18n-sync";
import { useTranslation, type ShellKey } from "@/lib/i18n";

/** `title`: the page's title as a `shell` key (document.title and the page announcement, in the reader's language). */
export type RouteHandle = { title?: ShellKey };

/** The page title from the deepest matched route's `handle.title`, in the reader's language. */
function usePageTitle(): string {
  const matches = useMatches();
  const { t } = useTranslation();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return t(handle.title);
  }
  return "RoutePilot";
}

/** Sets document.title and announces each new page to screen-reader users. */
function useRouteAnnouncements(title: string) {
  const { pathname } = useLocation();
  const announce = useAnnounce();
  const { t } = useTranslation();
  const first = useRef(true);
  useEffect(() => {
    document.title = title === "RoutePilot" ? "RoutePilot" : `${title} · RoutePilot`;
  }, [title]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    announce(t("pageAnnouncement", { title }));
    // Announce on path changes only; the title is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, announce]);
}

/** Shell for every page: skip link, top bar and footer (hidden under /auth), and the main area. */
export function RootLayout() {
  const { pathname } = useLocation();
  const title = usePageTitle();
  const bare = pathname.startsWith("/auth");
  useSkipToMainContent();
  useSessionKeepAlive();
  useRouteAnnouncements(title);

  return (
    <PreferredFormats>
      <div className="flex min-h-screen flex-col">
        <ThemeSync />
        <I18nSync />
        {bare ? null : <TopBar />}
        {bare ? null : <VerifyEmailBanner />}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </main>
        {bare ? null : <Footer />}
      </div>
    </PreferredFormats>
  );
}
