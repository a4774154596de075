/**
 * The change feed's two REST paths (docs/decisions/017, "The change feed") over real HTTP: each
 * reaches its procedure, `limit` arrives as a number and `cursor` as the text the page before
 * answered, instants travel as ISO strings, and refusals carry the product's `{message, code}`.
 * What is recorded, and who may read it, is tested in-process (activity.integration.test.ts).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

type Page = { entries: Record<string, unknown>[]; nextCursor: string | null };

async function family() {
  const s = server();
  s.clock.set(new Date("2026-03-10T12:00:00Z"));
  const creator = await signedInClient(s, { user: { firstName: "Cora", lastName: "Ames" } });
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
    joinedAt: new Date("2026-03-01T00:00:00Z"),
  });
  for (const title of ["First", "Second"]) {
    const res = await creator.client.post(`/api/circles/${circle.id}/events`, {
      title,
      startTime: "2026-03-11T09:00:00.000Z",
    });
    expect(res.status).toBe(201);
  }
  return { creator, member, outsider, circle, anon: s.client() };
}

describe("GET /api/circles/{id}/activity", () => {
  it("answers a member's pages by cursor; 404 to a non-member, 400 for a bad limit", async () => {
    const { creator, member, outsider, circle } = await family();
    const path = `/api/circles/${circle.id}/activity`;
    const first = await member.client.get<Page>(`${path}?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.entries).toEqual([
      {
        id: expect.any(Number),
        circleId: circle.id,
        actor: { id: creator.user.id, firstName: "Cora", lastName: "Ames" },
        kind: "plan_created",
        planId: expect.any(Number),
        occurrenceStart: null,
        occurrenceDate: null,
        scope: null,
        title: "Second",
        member: null,
        before: null,
        after: { title: "Second", start: "2026-03-11T09:00:00.000Z" },
        createdAt: "2026-03-10T12:00:00.000Z",
      },
    ]);
    const cursor = encodeURIComponent(first.body.nextCursor ?? "");
    const second = await member.client.get<Page>(`${path}?limit=1&cursor=${cursor}`);
    expect(second.body.entries.map((entry) => entry.title)).toEqual(["First"]);
    expect(second.body.nextCursor).toBeNull();

    const hidden = await outsider.client.get(path);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: messages.circleNotFound, code: "NOT_FOUND" });
    const bad = await member.client.get(`${path}?limit=lots`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: messages.activityLimitInvalid,
      code: "VALIDATION_FAILED",
    });
  });
});

describe("GET /api/activity", () => {
  it("answers the newest page of the caller's circles with no query; 401 signed out", async () => {
    const { member, anon } = await family();
    const res = await member.client.get<Page>("/api/activity");
    expect(res.status).toBe(200);
    expect(res.body.entries.map((entry) => entry.title)).toEqual(["Second", "First"]);
    expect(res.body.nextCursor).toBeNull();
    const signedOut = await anon.get("/api/activity");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: messages.notSignedIn });
  });
});
