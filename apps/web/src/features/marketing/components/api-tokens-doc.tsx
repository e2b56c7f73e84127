import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Better Auth's JWT plugin as served here (apps/server/src/modules/accounts/auth/auth.ts): what /support-docs says about it. */
const TOKEN_LIFETIME_MINUTES = 15;

/**
 * The API section's "Tokens for integrations": a signed-in session gets a short-lived JWT at
 * GET /api/auth/token, and other software checks it against the public keys at GET /api/auth/jwks.
 */
export function ApiTokensDoc({ origin }: { origin: string }) {
  return (
    <Card>
      <CardHeader className="grid gap-2">
        <CardTitle as="h3" className="text-base">
          Tokens for integrations (JWT and JWKS)
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Your own services can trust a RoutePilot user without seeing their password or session cookie: the signed-in browser asks for a short-lived JSON Web Token and hands it on; your service
          checks its signature against RoutePilot's public keys.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="grid gap-2 text-muted-foreground">
          <li className="flex flex-wrap items-baseline gap-2">
            <Badge variant="secondary">GET</Badge>
            <code className="font-mono text-xs text-foreground">/api/auth/token</code>
            <span>
              with the session cookie: <code className="font-mono text-xs">{'{ "token": "<JWT>" }'}</code>, valid {TOKEN_LIFETIME_MINUTES} minutes, signed with EdDSA (Ed25519). Its claims:{" "}
              <code className="font-mono text-xs">sub</code> (the user's id), <code className="font-mono text-xs">email</code>, <code className="font-mono text-xs">name</code>,{" "}
              <code className="font-mono text-xs">role</code>, <code className="font-mono text-xs">iat</code>, <code className="font-mono text-xs">exp</code>; issuer and audience{" "}
              <code className="font-mono text-xs">{origin || "this server's address"}</code>. Signed out: 401.
            </span>
          </li>
          <li className="flex flex-wrap items-baseline gap-2">
            <Badge variant="secondary">GET</Badge>
            <code className="font-mono text-xs text-foreground">/api/auth/jwks</code>
            <span>public, no key needed: the JSON Web Key Set whose keys verify those tokens (pick the key by the token's <code className="font-mono text-xs">kid</code>; cache it, and fetch it again when a token names an unknown key).</span>
          </li>
        </ul>
        <p className="text-muted-foreground">These tokens identify a person to your software; they are not API keys and do not call /api/v1 (use an API key for that).</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" tabIndex={0} aria-label="Example: checking a RoutePilot token with the jose library">
          {`import { createRemoteJWKSet, jwtVerify } from "jose";

const keys = createRemoteJWKSet(new URL("${origin}/api/auth/jwks"));
const { payload } = await jwtVerify(token, keys, { issuer: "${origin}", audience: "${origin}" });
// payload.sub is the RoutePilot user id`}
        </pre>
      </CardContent>
    </Card>
  );
}
