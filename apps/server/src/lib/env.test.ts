import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("applies defaults", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", NODE_ENV: "development", ADMIN_EMAILS: [], BODY_LIMIT_BYTES: 1048576 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable", () => {
    try {
      loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SMTP_URL: "http://mail", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "LOG_LEVEL"]) expect(message).toContain(`${name}:`);
    }
  });

  it("accepts an encryption master key of 32 bytes only, without echoing it", () => {
    const hex = "ab".repeat(32);
    expect(loadEnv({ ENCRYPTION_MASTER_KEY: hex }).ENCRYPTION_MASTER_KEY).toBe(hex);
    expect(loadEnv({ ENCRYPTION_MASTER_KEY: Buffer.alloc(32, 7).toString("base64") }).ENCRYPTION_MASTER_KEY).toBeDefined();
    expect(() => loadEnv({ ENCRYPTION_MASTER_KEY: "short-key" })).toThrow(/ENCRYPTION_MASTER_KEY:/);
    try {
      loadEnv({ ENCRYPTION_MASTER_KEY: "cd".repeat(20) });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).message).not.toContain("cd".repeat(20));
    }
  });

  it("requires a secret in production and parses lists", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/BETTER_AUTH_SECRET/);
    const env = loadEnv({ ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,", PORT: "8080", SMTP_URL: "" });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(env.PORT).toBe(8080);
    expect(env.SMTP_URL).toBeUndefined();
  });
});

describe("loadEnv: geography and optimisation", () => {
  it("parses the geo variables with packages/geo's schema and names bad ones", () => {
    const env = loadEnv({ ROUTING_PROVIDER: "osm", OSM_EXTRACT: "/data/li.osm.pbf", ROUTE_OPTIMIZATION_RATE_LIMIT: "0" });
    expect(env.geo).toMatchObject({ ROUTING_PROVIDER: "osm", OSM_EXTRACT: "/data/li.osm.pbf", GEOCODER: "offline" });
    expect(env.ROUTE_OPTIMIZATION_RATE_LIMIT).toBe(0);
    expect(loadEnv({}).geo.ROUTING_PROVIDER).toBe("haversine");
    expect(() => loadEnv({ ROUTING_PROVIDER: "teleport" })).toThrow(/ROUTING_PROVIDER:/);
    expect(() => loadEnv({ ROUTING_PROVIDER: "osrm" })).toThrow(/OSRM_URL/);
    expect(() => loadEnv({ SOLVER_WORKERS: "0" })).toThrow(/SOLVER_WORKERS:/);
  });
});

describe("loadEnv: secrets and proxies", () => {
  it("names the variable and the rule but never prints a rejected value", () => {
    const secret = "short-but-secret-value";
    const dbUrl = "mysql://admin:hunter2-password@db.internal/routes";
    const smtp = "http://mailer:smtp-password@mail.internal";
    try {
      loadEnv({ BETTER_AUTH_SECRET: secret, DATABASE_URL: dbUrl, SMTP_URL: smtp });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain("BETTER_AUTH_SECRET: must be at least 32 characters");
      expect(message).toContain("DATABASE_URL:");
      expect(message).toContain("SMTP_URL:");
      for (const leaked of [secret, "hunter2", "smtp-password", "admin:", "db.internal", "mail.internal"]) expect(message).not.toContain(leaked);
    }
  });

  it("reads the Stripe variables (billing off by default) and never prints a rejected key", () => {
    const env = loadEnv({});
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.PAYMENT_RATE_LIMIT).toBe(5);
    const on = loadEnv({ STRIPE_SECRET_KEY: "sk_test_123456789", STRIPE_PRICE_PREMIUM: "price_1", STRIPE_API_BASE: "http://127.0.0.1:12111", PAYMENT_RATE_LIMIT: "0" });
    expect(on).toMatchObject({ STRIPE_SECRET_KEY: "sk_test_123456789", STRIPE_PRICE_PREMIUM: "price_1", STRIPE_API_BASE: "http://127.0.0.1:12111", PAYMENT_RATE_LIMIT: 0 });
    try {
      loadEnv({ STRIPE_SECRET_KEY: "sk_x", STRIPE_API_BASE: "not a url sk_y" });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toContain("STRIPE_SECRET_KEY:");
      expect(message).toContain("STRIPE_API_BASE:");
      expect(message).not.toContain("sk_x");
      expect(message).not.toContain("sk_y");
    }
  });

  it("reads TRUST_PROXY as a number of proxy hops", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => loadEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY:/);
    expect(() => loadEnv({ TRUST_PROXY: "99" })).toThrow(/TRUST_PROXY:/);
  });
});
