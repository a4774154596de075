import { describe, expect, it } from "vitest";
import { loadConfig } from "./env";

describe("loadConfig", () => {
  it("defaults to the local sandbox on port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appUrl: "http://localhost:3000",
      dataDir: ".data",
      sandbox: true,
      secureCookies: false,
    });
    expect(config.rateLimits.loginPerAccount).toEqual({ limit: 10, windowMs: 900_000 });
  });

  it("honours PORT, DATA_DIR, rate limits and production settings", () => {
    const config = loadConfig({
      PORT: "4000",
      DATA_DIR: "/tmp/x",
      RATE_LIMIT_LOGIN_IP: "3/60",
      APP_URL: "https://plan.example.com/",
      MAIL_TRANSPORT: "ses",
    });
    expect(config).toMatchObject({
      port: 4000,
      dataDir: "/tmp/x",
      appUrl: "https://plan.example.com",
      sandbox: false,
      secureCookies: true,
    });
    expect(config.rateLimits.loginPerIp).toEqual({ limit: 3, windowMs: 60_000 });
  });

  it("rejects a malformed rate rule", () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_IP: "ten" })).toThrow();
  });
});
