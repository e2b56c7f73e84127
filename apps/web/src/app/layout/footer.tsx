import { Link } from "react-router";
import { useAuth, useMe } from "@/lib/auth";
import { accessOf, footerItems } from "@/app/layout/nav-items";
import { BrandLink } from "@/app/layout/brand-link";

/** SPEC §2 footer: links (more when signed in) and a copyright line with the current year. */
export function Footer() {
  const { user } = useAuth();
  const me = useMe();
  const items = footerItems(user !== null, accessOf(user ? me.data : null));
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="grid max-w-xs gap-2">
            <BrandLink />
            <p className="text-sm text-muted-foreground">Simplifying route planning for everyone.</p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-t pt-6 text-xs text-muted-foreground sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} RoutePilot. All rights reserved.</p>
          <p>
            <Link to="/privacy" className="underline-offset-4 hover:underline">
              Privacy Policy
            </Link>
            {" · "}
            <Link to="/terms" className="underline-offset-4 hover:underline">
              Terms of Service
            </Link>
            {" · "}Map data ©{" "}
            <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline-offset-4 hover:underline">
              OpenStreetMap contributors
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
