import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { Trans, useTranslation } from "@/lib/i18n";

/** Better Auth's JWT plugin as served here (apps/server/src/modules/accounts/auth/auth.ts): what /support-docs says about it. */
const TOKEN_LIFETIME_MINUTES = 15;
/** What GET /api/auth/token answers (code: the same in every language). */
const TOKEN_ANSWER = '{ "token": "<JWT>" }';
const TOKEN_PATH = "/api/auth/token";
const JWKS_PATH = "/api/auth/jwks";

/**
 * The API section's "Tokens for integrations": a signed-in session gets a short-lived JWT at
 * GET /api/auth/token, and other software checks it against the public keys at GET /api/auth/jwks.
 */
export function ApiTokensDoc({ origin }: { origin: string }) {
  const { t } = useTranslation("marketing");
  const format = useFormat();
  const code = <code className="font-mono text-xs" />;
  return (
    <Card>
      <CardHeader className="grid gap-2">
        <CardTitle as="h3" className="text-base">
          {t("apiReference.tokens.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("apiReference.tokens.lead")}</p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="grid gap-2 text-muted-foreground">
          <li className="flex flex-wrap items-baseline gap-2">
            <Badge variant="secondary">GET</Badge>
            <code className="font-mono text-xs text-foreground">{TOKEN_PATH}</code>
            <span>
              <Trans
                t={t}
                i18nKey="apiReference.tokens.token"
                count={TOKEN_LIFETIME_MINUTES}
                values={{ json: TOKEN_ANSWER, minutes: format.number(TOKEN_LIFETIME_MINUTES), origin: origin || t("apiReference.tokens.thisServer") }}
                components={{ code }}
              />
            </span>
          </li>
          <li className="flex flex-wrap items-baseline gap-2">
            <Badge variant="secondary">GET</Badge>
            <code className="font-mono text-xs text-foreground">{JWKS_PATH}</code>
            <span>
              <Trans t={t} i18nKey="apiReference.tokens.jwks" components={{ code }} />
            </span>
          </li>
        </ul>
        <p className="text-muted-foreground">{t("apiReference.tokens.notKeys")}</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" tabIndex={0} aria-label={t("apiReference.tokens.exampleLabel")}>
          {`import { createRemoteJWKSet, jwtVerify } from "jose";

const keys = createRemoteJWKSet(new URL("${origin}/api/auth/jwks"));
const { payload } = await jwtVerify(token, keys, { issuer: "${origin}", audience: "${origin}" });
// payload.sub is the RoutePilot user id`}
        </pre>
      </CardContent>
    </Card>
  );
}
