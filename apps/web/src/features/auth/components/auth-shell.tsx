import type { ReactNode } from "react";
import { Link } from "react-router";
import { Route as RouteIcon } from "lucide-react";

type AuthShellProps = { title: string; description: string; children: ReactNode; footer?: ReactNode };

/** Full-page layout for the /auth pages (the top bar and footer are hidden there). */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-from to-brand-to">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-10">
        <Link to="/" className="mx-auto flex items-center gap-2 rounded-md text-xl font-bold tracking-tight">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <RouteIcon className="size-5" aria-hidden="true" />
          </span>
          RoutePilot
        </Link>
        <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          <div className="mb-6 flex flex-col gap-1.5 text-center">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {children}
        </div>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </div>
  );
}
