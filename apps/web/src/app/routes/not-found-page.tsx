import { Link } from "react-router";
import { MapPinOff } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/i18n";

/** Every path not in the route table (SPEC §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageContainer size="narrow" className="flex flex-col items-center gap-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <MapPinOff className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("notFound.body")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/">{t("notFound.home")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/help">{t("nav.helpSupport")}</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
