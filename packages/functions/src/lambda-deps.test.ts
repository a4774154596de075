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
    const { lambdaConfig } = await import("./lambda-deps");
    const config = lambdaConfig({
      APP_SECRET: "plain-environment-secret-plain-environment",
      VAPID_PUBLIC_KEY: "from-the-environment",
    });
    expect(config.appSecret).toBe("linked-secret-linked-secret-linked-secret");
    expect(config.vapid.publicKey).toBe("from-the-environment");
    expect(config.databaseUrl).toBeUndefined();
  });
});
