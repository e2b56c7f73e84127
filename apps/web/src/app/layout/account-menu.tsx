import { Link } from "react-router";
import { Building2, ChevronDown, CircleHelp, LogOut, Scale, Settings, ShieldCheck, UserRound, Wrench } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { accountLabel } from "@/lib/auth";
import { adminItems, type NavAccess } from "@/app/layout/nav-items";

type AccountMenuProps = { email: string | null | undefined; planLabel: string; access: NavAccess; onSignOut: () => void };

/**
 * SPEC §2 account menu; its label is the e-mail's part before the @, or "User". An admin or
 * super_admin also finds the admin pages here (issue 25), under "Administration".
 */
export function AccountMenu({ email, planLabel, access, onSignOut }: AccountMenuProps) {
  const label = accountLabel(email);
  const admin = adminItems(access);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" data-testid="account-menu-trigger">
          <span className="flex size-7 items-center justify-center rounded-full bg-secondary text-primary">
            <UserRound className="size-4" aria-hidden="true" />
          </span>
          <span className="sr-only">Account menu: </span>
          <span className="max-w-32 truncate">{label}</span>
          <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{label}</span>
          <span className="text-xs font-normal text-muted-foreground">{planLabel}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/security">
            <ShieldCheck aria-hidden="true" />
            Security
          </Link>
        </DropdownMenuItem>
        {admin.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Administration</DropdownMenuLabel>
            {admin.map((item) => (
              <DropdownMenuItem key={item.to} asChild>
                <Link to={item.to}>
                  <Wrench aria-hidden="true" />
                  {item.label}
                </Link>
              </DropdownMenuItem>
            ))}
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Building2 aria-hidden="true" />
            Company
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem asChild>
              <Link to="/company/about">About Us</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/company/contact">Contact Us</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/company/careers">Careers</Link>
            </DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Scale aria-hidden="true" />
            Legal
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem asChild>
              <Link to="/terms">Terms of Service</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/privacy">Privacy Policy</Link>
            </DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuItem asChild>
          <Link to="/help">
            <CircleHelp aria-hidden="true" />
            Help
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onSignOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
