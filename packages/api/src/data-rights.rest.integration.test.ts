/**
 * The data-rights REST paths over real HTTP (docs/decisions/014): `GET /api/user/export` and its
 * pages, `POST /api/user/delete` with the cookie it clears, and both in the OpenAPI document.
 * What they do is tested in-process (data-rights.integration.test.ts).
 */
import { createPlan, personalCircleOf } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

describe("data rights over REST", () => {
  it("GET /api/user/export answers a page of JSON with ISO instants, and ?page= the next", async () => {
    const s = server();
    const me = await signedInClient(s);
    const personal = await personalCircleOf(s.deps, me.user.id);
    const plan = await createPlan(s.deps, { circleId: personal.id, creatorId: me.user.id });
    const first = await me.client.get<Record<string, unknown>>("/api/user/export");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ format: "circleplan-data-export", nextPage: null });
    expect(first.body.plans).toEqual([
      expect.objectContaining({ id: plan.id, startTime: plan.startsAt?.toISOString() }),
    ]);
    expectNoSecrets(first.body);
    const next = await me.client.get<Record<string, unknown>>("/api/user/export?page=plans.0");
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ profile: null, circles: [] });
    const bad = await me.client.get("/api/user/export?page=plans.x");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.dataExportPageInvalid);
    expect((await s.client().get("/api/user/export")).status).toBe(401);
  });

  it("POST /api/user/delete deletes with the password, clears the session cookie, and the session is gone", async () => {
    const s = server();
    const me = await signedInClient(s);
    const wrong = await me.client.post("/api/user/delete", { password: "Not-my-pass1!" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: messages.currentPasswordWrong });
    const deleted = await me.client.post("/api/user/delete", { password: me.password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: messages.accountDeleted });
    expect(deleted.headers.getSetCookie().join()).toMatch(/max-age=0|expires=/i);
    expect(me.client.cookies.size).toBe(0);
    // The cookie the browser had before, sent again, opens nothing.
    const replay = s.client().setCookie(me.cookie);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("both paths are in the OpenAPI document", async () => {
    const res = await server()
      .client()
      .get<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    expect(res.body.paths["/api/user/export"]?.get).toMatchObject({
      operationId: "user.exportData",
    });
    expect(res.body.paths["/api/user/delete"]?.post).toMatchObject({
      operationId: "user.deleteAccount",
    });
  });
});
