import { describe, expect, it } from "vitest";
import { isPooledNeonUrl, migrateForDeploy } from "./deploy-migrations";

describe("the deploy's migration step", () => {
  it("tells Neon's pooled endpoint from the direct one", () => {
    expect(
      isPooledNeonUrl("postgres://u:p@ep-cool-darkness-123456-pooler.us-east-2.aws.neon.tech/db"),
    ).toBe(true);
    expect(
      isPooledNeonUrl("postgres://u:p@ep-cool-darkness-123456.us-east-2.aws.neon.tech/db"),
    ).toBe(false);
    expect(isPooledNeonUrl("postgres://postgres@127.0.0.1:5432/postgres")).toBe(false);
    expect(isPooledNeonUrl("not a url")).toBe(false);
  });

  it("refuses to migrate through the pooled endpoint (sessions shared between clients), before connecting", async () => {
    await expect(
      migrateForDeploy({
        databaseUrl: "postgres://u:p@ep-x-1-pooler.eu-central-1.aws.neon.tech/db",
      }),
    ).rejects.toThrow(/direct URL/);
  });
});
