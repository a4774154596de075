import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

describe("loadConfig", () => {
  it("defaults to the local sandbox on loopback, port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appUrl: "http://localhost:3000",
      host: "127.0.0.1",
      dataDir: ".data",
      sandbox: true,
      secureCookies: false,
      proxyTrust: { kind: "none" },
    });
    expect(config.rateLimits.loginPerIp).toEqual({ limit: 50, windowMs: 900_000 });
  });

  it("honours PORT, HOST, DATA_DIR, rate limits and production settings", () => {
    const config = loadConfig({
      PORT: "4000",
      HOST: "0.0.0.0",
      DATA_DIR: "/tmp/x",
      RATE_LIMIT_LOGIN_IP: "3/60",
      APP_URL: "https://plan.example.com/",
      MAIL_TRANSPORT: "ses",
      TRUST_PROXY: "cloudfront",
      ORIGIN_SECRET: "origin-secret-origin-secret-origin-secret",
    });
    expect(config).toMatchObject({
      port: 4000,
      host: "0.0.0.0",
      dataDir: "/tmp/x",
      appUrl: "https://plan.example.com",
      sandbox: false,
      secureCookies: true,
      proxyTrust: { kind: "cloudfront" },
      originSecret: "origin-secret-origin-secret-origin-secret",
    });
    expect(config.rateLimits.loginPerIp).toEqual({ limit: 3, windowMs: 60_000 });
  });

  it("refuses to start in sandbox mode by omission outside a local run", () => {
    expect(() => loadConfig({ APP_URL: "https://plan.example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "postgres://u:p@db.example/app" })).toThrow(
      /MAIL_TRANSPORT is not set/,
    );
    // Asked for by name, it is allowed (a staging stage that wants the dev mailbox).
    expect(
      loadConfig({ APP_URL: "https://staging.example.com", MAIL_TRANSPORT: "sandbox" }).sandbox,
    ).toBe(true);
    expect(() => loadConfig({ MAIL_TRANSPORT: "smtp" })).toThrow(ConfigError);
  });

  it("takes only a named proxy trust, never a bare true", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).proxyTrust).toEqual({ kind: "hops", hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "false" }).proxyTrust).toEqual({ kind: "none" });
    for (const value of ["true", "yes", "0", "10", "-1"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });

  it("refuses to trust CloudFront's viewer header without the secret that proves a request came through CloudFront (forged header on the public function URL)", () => {
    expect(() => loadConfig({ TRUST_PROXY: "cloudfront" })).toThrow(/ORIGIN_SECRET/);
    expect(() => loadConfig({ TRUST_PROXY: "cloudfront", ORIGIN_SECRET: "short" })).toThrow(
      /ORIGIN_SECRET/,
    );
  });

  it("rejects a malformed rate rule and a short secret", () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_IP: "ten" })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_SECRET: "short" })).toThrow(/APP_SECRET/);
  });

  it("takes live sync on IoT Core whole or not at all: an endpoint without its prefix or authorizer refuses to start (publishing where nobody may listen)", () => {
    expect(loadConfig({}).live).toEqual({ topicPrefix: undefined, iot: undefined });
    const endpoint = "abc123-ats.iot.eu-west-1.amazonaws.com";
    expect(() => loadConfig({ LIVE_IOT_ENDPOINT: endpoint })).toThrow(/LIVE_TOPIC_PREFIX/);
    expect(() =>
      loadConfig({ LIVE_IOT_ENDPOINT: endpoint, LIVE_TOPIC_PREFIX: "circleplan/prod" }),
    ).toThrow(/LIVE_IOT_AUTHORIZER/);
    // A wildcard in the prefix would widen every grant the authorizer makes.
    expect(() => loadConfig({ LIVE_TOPIC_PREFIX: "circleplan/#" })).toThrow(/LIVE_TOPIC_PREFIX/);
    expect(() => loadConfig({ LIVE_IOT_ENDPOINT: "https://x/", LIVE_TOPIC_PREFIX: "a" })).toThrow(
      /LIVE_IOT_ENDPOINT/,
    );
  });
});
