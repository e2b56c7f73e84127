import { Link } from "react-router";
import { Building2, ChevronDown, CircleHelp, LogOut, Scale, Settings, ShieldCheck, UserRound, Wrench } from "lucide-react";
import { displayNameOf } from "@routepilot/contracts";
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
import { UserAvatar } from "@/components/user-avatar";
import { useTranslation } from "@/lib/i18n";
import { accountMenuItems, adminItems, type NavAccess } from "@/app/layout/nav-items";

/** Who the menus show: the signed-in user's display name, e-mail and avatar. */
export type MenuPerson = { name?: string | null; email?: string | null; image?: string | null };

type AccountMenuProps = { person: MenuPerson; planLabel: string; access: NavAccess; onSignOut: () => void };

const accountIcons = { "/profile": UserRound, "/settings": Settings, "/security": ShieldCheck } as const;

/**
 * SPEC §2 account menu. Its label is the display name (decision 020 departs from SPEC §2's
 * e-mail local part), falling back to the e-mail's local part, then "User"; the avatar or the
 * initials sit beside it. An admin or super_admin also finds the admin pages here (issue 25).
 */
export function AccountMenu({ person, planLabel, access, onSignOut }: AccountMenuProps) {
  const { t } = useTranslation();
  const label = displayNameOf(person);
  const admin = adminItems(access);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" data-testid="account-menu-trigger">
          <UserAvatar person={person} size="sm" className="size-7" />
          <span className="sr-only">{t("accountMenu.label")}</span>
          <span className="max-w-32 truncate" data-testid="account-menu-label">
            {label}
          </span>
          <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex items-center gap-2">
          <UserAvatar person={person} size="lg" />
          <span className="grid min-w-0 gap-0.5">
            <span className="truncate">{label}</span>
            <span className="text-xs font-normal text-muted-foreground">{planLabel}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountMenuItems.account.map((item) => {
          const Icon = accountIcons[item.to];
          return (
            <DropdownMenuItem key={item.to} asChild>
              <Link to={item.to}>
                <Icon aria-hidden="true" />
                {t(item.labelKey)}
              </Link>
            </DropdownMenuItem>
          );
        })}
        {admin.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t("accountMenu.administration")}</DropdownMenuLabel>
            {admin.map((item) => (
              <DropdownMenuItem key={item.to} asChild>
                <Link to={item.to}>
                  <Wrench aria-hidden="true" />
                  {t(item.labelKey)}
                </Link>
              </DropdownMenuItem>
            ))}
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Building2 aria-hidden="true" />
            {t("accountMenu.company")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            {accountMenuItems.company.map((item) => (
              <DropdownMenuItem key={item.to} asChild>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Scale aria-hidden="true" />
            {t("accountMenu.legal")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            {accountMenuItems.legal.map((item) => (
              <DropdownMenuItem key={item.to} asChild>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuItem asChild>
          <Link to={accountMenuItems.help.to}>
            <CircleHelp aria-hidden="true" />
            {t(accountMenuItems.help.labelKey)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onSignOut()}>
          <LogOut aria-hidden="true" />
          {t("accountMenu.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
