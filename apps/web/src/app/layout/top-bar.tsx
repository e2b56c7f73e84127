import { Link, NavLink } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useAuth, useMe } from "@/lib/auth";
import { useTranslation } from "@/lib/i18n";
import { useSignOut } from "@/features/auth/hooks/use-sign-out";
import { NotificationsMenu } from "@/features/notifications/components/notifications-menu";
import { BrandLink } from "@/app/layout/brand-link";
import { AccountMenu } from "@/app/layout/account-menu";
import { MobileMenu } from "@/app/layout/mobile-menu";
import { ThemeMenu } from "@/app/layout/theme-menu";
import { accessOf, planLabel, topBarItems } from "@/app/layout/nav-items";

/** SPEC §2 top bar: brand, gated links, bell and account menu (signed in) or Sign In / Get Started. */
export function TopBar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const me = useMe();
  const signOut = useSignOut();
  const access = accessOf(user ? me.data : null);
  const plan = planLabel(me.data?.tier, t);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLink compact={user !== null} />
        {user ? (
          <nav aria-label={t("nav.main")} className="hidden min-w-0 flex-1 md:block">
            <ul className="flex items-center gap-0.5">
              {topBarItems(access).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/"}
                    className={({ isActive }) =>
                      cn(
                        "rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground",
                        isActive && "bg-accent text-foreground",
                      )
                    }
                  >
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="flex-1" />
        )}
        <div className="ml-auto flex items-center gap-1">
          <ThemeMenu />
          {user ? (
            <>
              <NotificationsMenu />
              <div className="hidden md:block">
                <AccountMenu person={user} planLabel={plan} access={access} onSignOut={() => void signOut()} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost">
                <Link to="/auth">{t("nav.signIn")}</Link>
              </Button>
              <Button asChild>
                <Link to="/auth?tab=sign-up">{t("nav.getStarted")}</Link>
              </Button>
            </div>
          )}
          <MobileMenu signedIn={user !== null} person={user ?? undefined} planLabel={plan} access={access} onSignOut={() => void signOut()} />
        </div>
      </div>
    </header>
  );
}
