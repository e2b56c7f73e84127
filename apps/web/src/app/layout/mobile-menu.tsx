import { useState } from "react";
import { NavLink } from "react-router";
import { ChevronRight, LogOut, Menu } from "lucide-react";
import { displayNameOf } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useToastsBeneath } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/user-avatar";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";
import { accountMenuItems, mobileMenuItems, type NavAccess, type NavItem } from "@/app/layout/nav-items";
import type { MenuPerson } from "@/app/layout/account-menu";

type MobileMenuProps = {
  signedIn: boolean;
  person?: MenuPerson;
  planLabel?: string;
  access: NavAccess;
  onSignOut?: () => void;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("flex items-center justify-between gap-2 rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent", isActive && "bg-accent text-accent-foreground");

/**
 * The menu shown under 768 px: a sheet opened by the "Open menu" button (SPEC §2). Signed in, it
 * also has every entry of the desktop account menu (issue 27): Profile and Security beside SPEC's
 * list (which has Settings and Help), and the Company and Legal submenus as expandable groups.
 */
export function MobileMenu({ signedIn, person, planLabel, access, onSignOut }: MobileMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A toast (the welcome after signing up) must not cover the open menu on a phone (issue 28).
  useToastsBeneath(open);
  const items = mobileMenuItems(signedIn, access);
  const listed = new Set(items.map((item) => item.to));
  const accountItems = signedIn ? accountMenuItems.account.filter((item) => !listed.has(item.to)) : [];
  const helpListed = listed.has(accountMenuItems.help.to);
  const close = () => setOpen(false);
  const links = (list: readonly NavItem[]) => (
    <ul className="grid gap-1">
      {list.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={close} className={linkClass}>
            <span>{t(item.labelKey)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
  const group = (label: string, list: readonly NavItem[]) => (
    <details className="group">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent [&::-webkit-details-marker]:hidden">
        {label}
        <ChevronRight className="size-4 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden="true" />
      </summary>
      <div className="pl-3">{links(list)}</div>
    </details>
  );
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("mobileMenu.open")}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{t("mobileMenu.title")}</SheetTitle>
          {signedIn ? (
            <SheetDescription asChild>
              <div className="flex items-center gap-3 pt-2">
                <UserAvatar person={person ?? {}} size="lg" />
                <span className="grid min-w-0">
                  <span className="truncate font-semibold text-foreground" data-testid="mobile-menu-user">
                    {displayNameOf(person)}
                  </span>
                  <span className="text-sm text-muted-foreground" data-testid="mobile-menu-plan">
                    {planLabel}
                  </span>
                </span>
              </div>
            </SheetDescription>
          ) : (
            <SheetDescription>{t("brand.menuTagline")}</SheetDescription>
          )}
        </SheetHeader>
        <Separator />
        <nav aria-label={t("nav.mobile")}>
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} onClick={close} className={linkClass}>
                  <span>{t(item.labelKey)}</span>
                  {item.badgeKey ? <Badge variant="secondary">{t(item.badgeKey)}</Badge> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {signedIn ? (
          <nav aria-label={t("nav.account")} className="grid gap-1">
            {links(helpListed ? accountItems : [...accountItems, accountMenuItems.help])}
            {group(t("accountMenu.company"), accountMenuItems.company)}
            {group(t("accountMenu.legal"), accountMenuItems.legal)}
          </nav>
        ) : null}
        {signedIn && onSignOut ? (
          <>
            <Separator />
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" />
              {t("accountMenu.signOut")}
            </Button>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
