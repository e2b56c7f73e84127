import { Link } from "react-router";
import { Route as RouteIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

/** The RoutePilot brand, linking to /. */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight" aria-label={t("brand.home")}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <RouteIcon className="size-4.5" aria-hidden="true" />
      </span>
      <span className={cn(compact && "md:max-lg:sr-only")}>RoutePilot</span>
    </Link>
  );
}
