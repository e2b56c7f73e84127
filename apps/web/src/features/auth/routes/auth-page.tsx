import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { Info } from "lucide-react";
import { signInRedirectError } from "@routepilot/contracts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { LoadingScreen } from "@/components/loading-screen";
import { useAuth } from "@/lib/auth";
import { safeRedirect } from "@/lib/safe-redirect";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { FormError } from "@/features/auth/components/form-error";
import { SignInAlternatives } from "@/features/auth/components/sign-in-alternatives";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

export type AuthMode = "sign-in" | "sign-up" | "forgot-password";

const copy = {
  "sign-in": { title: "modes.signIn.title", description: "modes.signIn.description" },
  "sign-up": { title: "modes.signUp.title", description: "modes.signUp.description" },
  "forgot-password": { title: "modes.forgotPassword.title", description: "modes.forgotPassword.description" },
} as const satisfies Record<AuthMode, { title: string; description: string }>;

/** A message another page left for /auth (e.g. "Your session has expired…"). */
function useAuthNotice(): string | null {
  const location = useLocation();
  const state = location.state as { message?: unknown } | null;
  return typeof state?.message === "string" ? state.message : null;
}

/**
 * /auth, /auth/sign-in, /auth/sign-up, /signin, /signup and /auth/forgot-password.
 * Signed-in visitors go on to `?redirect=` (the page they wanted) or /dashboard.
 */
export function AuthPage({ mode: routeMode }: { mode?: AuthMode }) {
  const { t } = useTranslation("auth");
  const { user, isPending } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useAuthNotice();
  const redirect = searchParams.get("redirect");
  const mode: AuthMode = routeMode ?? (searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in");
  const target = safeRedirect(redirect);
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";
  // A magic link or a provider that could not sign in comes back with ?error=CODE.
  const redirectText = signInRedirectError(searchParams.get("error"));
  const redirectError = redirectText ? translateMessage(redirectText) : null;

  if (isPending && !user) return <LoadingScreen fullScreen />;
  if (user) return <Navigate to={target} replace />;

  const goOn = () => navigate(target, { replace: true });

  if (mode === "forgot-password") {
    return (
      <AuthShell
        title={t(copy[mode].title)}
        description={t(copy[mode].description)}
        footer={
          <Link to={`/auth/sign-in${query}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("backToSignIn")}
          </Link>
        }
      >
        <ForgotPasswordForm />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t(copy[mode].title)}
      description={t(copy[mode].description)}
      footer={
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("backHome")}
        </Link>
      }
    >
      {notice ? (
        <Alert className="mb-4">
          <Info aria-hidden="true" />
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <Tabs value={mode} onValueChange={(value) => navigate(`/auth/${value}${query}`, { replace: true, state: location.state })}>
        <TabsList aria-label={t("tabs")}>
          <TabsTrigger value="sign-in">{t("signIn")}</TabsTrigger>
          <TabsTrigger value="sign-up">{t("signUp")}</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          {redirectError ? (
            <div className="mb-4">
              <FormError message={redirectError} />
            </div>
          ) : null}
          <SignInForm onSignedIn={goOn} />
          <SignInAlternatives callbackURL={target} onSignedIn={goOn} />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm onSignedUp={goOn} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}
