import { useState } from "react";
import { NavLink } from "react-router";
import { LogOut, Menu, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import { accountLabel } from "@/lib/auth";
import { mobileMenuItems, type NavAccess } from "@/app/layout/nav-items";

type MobileMenuProps = {
  signedIn: boolean;
  email?: string | null;
  planLabel?: string;
  access: NavAccess;
  onSignOut?: () => void;
};

/** The menu shown under 768 px: a sheet opened by the "Open menu" button (SPEC §2). */
export function MobileMenu({ signedIn, email, planLabel, access, onSignOut }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const items = mobileMenuItems(signedIn, access);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          {signedIn ? (
            <SheetDescription asChild>
              <div className="flex items-center gap-3 pt-2">
                <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
                  <UserRound className="size-5" aria-hidden="true" />
                </span>
                <span className="grid">
                  <span className="font-semibold text-foreground" data-testid="mobile-menu-user">
                    {accountLabel(email)}
                  </span>
                  <span className="text-sm text-muted-foreground" data-testid="mobile-menu-plan">
                    {planLabel}
                  </span>
                </span>
              </div>
            </SheetDescription>
          ) : (
            <SheetDescription>Plan better routes with RoutePilot.</SheetDescription>
          )}
        </SheetHeader>
        <Separator />
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center justify-between gap-2 rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent",
                      isActive && "bg-accent text-accent-foreground",
                    )
                  }
                >
                  <span>{item.label}</span>
                  {item.badge ? <Badge variant="secondary">{item.badge}</Badge> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
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
              Sign Out
            </Button>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
