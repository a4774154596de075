import { afterEach, describe, expect, it } from "vitest";

const linked = {
  SST_RESOURCE_App: JSON.stringify({ name: "circleplan", stage: "test" }),
  SST_RESOURCE_AppSecret: JSON.stringify({
    type: "sst.sst.Secret",
    value: "linked-secret-linked-secret-linked-secret",
  }),
};

afterEach(() => {
  for (const name of Object.keys(linked)) delete process.env[name];
});

describe("lambdaConfig", () => {
  it("reads secrets from SST's links (encrypted in the package) before plain environment variables, which stand only where nothing is linked", async () => {
    Object.assign(process.env, linked);
    const { lambdaConfig } = await import("./lambda-config");
    const config = lambdaConfig({
      APP_SECRET: "plain-environment-secret-plain-environment",
      VAPID_PUBLIC_KEY: "from-the-environment",
    });
    expect(config.appSecret).toBe("linked-secret-linked-secret-linked-secret");
    expect(config.vapid.publicKey).toBe("from-the-environment");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("reads live sync's settings as sst.config.ts sets them: the authorizer needs only the prefix, the API all three", async () => {
    const { lambdaConfig } = await import("./lambda-config");
    const authorizer = lambdaConfig({ LIVE_TOPIC_PREFIX: "circleplan/production" });
    expect(authorizer.live).toEqual({ topicPrefix: "circleplan/production", iot: undefined });
    const api = lambdaConfig({
      LIVE_TOPIC_PREFIX: "circleplan/production",
      LIVE_IOT_ENDPOINT: "abc123-ats.iot.eu-west-1.amazonaws.com",
      LIVE_IOT_AUTHORIZER: "circleplan-production-LiveAuthorizer",
    });
    expect(api.live.iot).toEqual({
      endpoint: "abc123-ats.iot.eu-west-1.amazonaws.com",
      authorizer: "circleplan-production-LiveAuthorizer",
    });
  });
});
