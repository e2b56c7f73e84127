// `npm run test:e2e`: Playwright journeys in Debian's Chromium against the real server on an
// embedded database in a fresh temporary directory, with a real SMTP server catching mail.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { tsImport } from "tsx/esm/api";
import { defaultWebOutDir, ensureWebBuild } from "./web-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const CHROMIUM = "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    console.log("Chromium is missing: installing Debian's chromium with apt…");
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM)) return;
    console.error("Installing chromium with apt failed.");
    process.exit(1);
  }
  console.error(`The end-to-end tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\nthen run npm test again.`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function decodeQuotedPrintable(text) {
  const soft = text.replace(/=\r?\n/g, "");
  const bytes = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value, decoded; the space between two of them dropped. */
function decodeEncodedWords(value) {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_, _charset, encoding, text) =>
    encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** A header of a raw message, unfolded (a long German subject spans lines) and decoded. */
function headerOf(raw, name) {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}: (.*)$`, "im").exec(unfolded);
  return match ? decodeEncodedWords(match[1].trim()) : "";
}

async function startMailSink(dir) {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headerOf(raw, "Subject"),
          body: decodeQuotedPrintable(raw),
          receivedAt: Date.now(),
        };
        writeFileSync(path.join(dir, `${Date.now()}-${++n}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: server.server.address().port, close: () => new Promise((r) => server.close(r)) };
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) for passwordless.spec.ts: it
 * signs in whoever the JSON file `claimsFile` names (sub, email, email_verified, name), which the
 * spec writes before it clicks "Continue with Local IdP".
 */
async function startOidcProvider(claimsFile) {
  const { OAuth2Server } = await import("oauth2-mock-server");
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate("RS256");
  await idp.start(0, "127.0.0.1");
  idp.service.on("beforeTokenSigning", (token) => {
    if (existsSync(claimsFile)) Object.assign(token.payload, JSON.parse(readFileSync(claimsFile, "utf8")));
  });
  return { discoveryUrl: `${idp.issuer.url}/.well-known/openid-configuration`, close: () => idp.stop() };
}

async function waitForHealth(url, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

ensureChromium();

// The same production build `npm start` serves (scripts/web-build.mjs), made again only when stale.
const webDist = defaultWebOutDir(root);
const build = ensureWebBuild({ outDir: webDist, root });
if (build.status !== 0) process.exit(build.status);
if (!build.built) console.log("The web build is current.");

// E2E_WORK_DIR: another scratch directory, so two runs on one machine do not wipe each other's.
const work = path.resolve(root, process.env.E2E_WORK_DIR || ".tmp/e2e");
rmSync(work, { recursive: true, force: true });
const mailDir = path.join(work, "mail");
mkdirSync(mailDir, { recursive: true });
const sink = await startMailSink(mailDir);
// Stripe cannot run here: the server's real stripe-node client talks to the same in-process
// stand-in the server tests use (documented endpoints and shapes), and the journeys sign
// webhooks with this secret.
const { startFakeStripe } = await tsImport("../apps/server/src/test/fake-stripe.ts", import.meta.url);
const fakeStripe = await startFakeStripe();
const stripeEnv = {
  STRIPE_SECRET_KEY: "sk_test_e2e_routepilot",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_routepilot",
  STRIPE_PRICE_PREMIUM: "price_e2e_premium",
  STRIPE_PRICE_ENTERPRISE: "price_e2e_enterprise",
  STRIPE_PRICE_FLEET_PRO: "price_e2e_fleet_pro",
  STRIPE_API_BASE: fakeStripe.base,
  PAYMENT_RATE_LIMIT: "0",
};
const oidcClaimsFile = path.join(work, "oidc-claims.json");
const oidc = await startOidcProvider(oidcClaimsFile);
const oidcEnv = { OIDC_DISCOVERY_URL: oidc.discoveryUrl, OIDC_CLIENT_ID: "routepilot-e2e", OIDC_CLIENT_SECRET: "e2e-client-secret", OIDC_PROVIDER_NAME: "Local IdP" };
const port = await freePort();
const baseUrl = `http://localhost:${port}`;

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseUrl,
    DATA_DIR: path.join(work, "data"),
    WEB_DIST_DIR: webDist,
    DATABASE_URL: "",
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    // Failed sign-ins stay limited (rate-limits.spec.ts); the journeys sign up many users from one address.
    AUTH_REQUEST_RATE_LIMIT: "0",
    GLOBAL_RATE_LIMIT: "false",
    ROUTE_OPTIMIZATION_RATE_LIMIT: "0",
    // Real OpenStreetMap data for street addresses, place names and the offline base map.
    OSM_EXTRACT: path.join(root, "datasets/osm/liechtenstein-2024-03-04.osm.pbf"),
    LOG_LEVEL: "warn",
    ...stripeEnv,
    ...oidcEnv,
  },
});
server.stdout.pipe(process.stdout);
server.stderr.pipe(process.stderr);

let code = 1;
try {
  // Generous: in CI the PostgreSQL pass runs beside the journeys (.ci/run), and on a busy two-core
  // machine loading the OpenStreetMap extract can take over a minute.
  const ms = await waitForHealth(baseUrl, server, 240_000);
  console.log(`Server healthy at ${baseUrl} after ${ms} ms`);
  const args = ["playwright", "test", "-c", "apps/web/playwright.config.ts", ...process.argv.slice(2)];
  // Asynchronous on purpose: this process also runs the SMTP sink, which must keep answering.
  const runner = spawn("npx", args, { stdio: "inherit", env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_MAIL_DIR: mailDir, E2E_STRIPE_WEBHOOK_SECRET: stripeEnv.STRIPE_WEBHOOK_SECRET, E2E_STRIPE_PRICE_PREMIUM: stripeEnv.STRIPE_PRICE_PREMIUM, E2E_OIDC_CLAIMS_FILE: oidcClaimsFile } });
  code = await new Promise((resolve) => runner.once("exit", (status) => resolve(status ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      resolve();
    }, 15_000);
    server.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await sink.close();
  await fakeStripe.close();
  await oidc.close();
}
process.exit(code);
