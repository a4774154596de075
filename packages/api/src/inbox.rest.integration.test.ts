/**
 * The REST paths of the inbox and of follow and mute (docs/decisions/019) over real HTTP: each
 * reaches its procedure, ids and cursors arrive from the path and the query, instants travel as
 * ISO strings, refusals carry the product's `{message, code}`. Who is told what, and each role,
 * are tested in-process (change-notifications.integration.test.ts).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

type Page = { entries: Record<string, unknown>[]; nextCursor: string | null };

async function family() {
  const s = server();
  s.clock.set(new Date("2026-03-10T12:00:00Z"));
  const creator = await signedInClient(s, { user: { firstName: "Cora", lastName: "Ames" } });
  const member = await signedInClient(s, { user: { firstName: "Ivy", lastName: "Ames" } });
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
    joinedAt: new Date("2026-03-01T00:00:00Z"),
  });
  const plans: number[] = [];
  for (const title of ["First", "Second"]) {
    const res = await creator.client.post<{ id: number }>(`/api/circles/${circle.id}/events`, {
      title,
      startTime: "2026-03-11T09:00:00.000Z",
      assignedTo: member.user.id,
    });
    expect(res.status).toBe(201);
    plans.push(res.body.id);
  }
  return { creator, member, outsider, circle, plans, anon: server().client() };
}

describe("GET /api/inbox", () => {
  it("answers the caller's entries by cursor, in the feed's shape with readAt; 401 signed out", async () => {
    const { creator, member, circle, plans, anon } = await family();
    const first = await member.client.get<Page>("/api/inbox?limit=1");
    expect(first.status).toBe(200);
    expect(first.body.entries).toEqual([
      {
        id: expect.any(Number),
        entryId: expect.any(Number),
        circleId: circle.id,
        circleName: circle.name,
        invitationId: null,
        actor: { id: creator.user.id, firstName: "Cora", lastName: "Ames" },
        kind: "plan_created",
        planId: plans[1],
        occurrenceStart: null,
        occurrenceDate: null,
        scope: null,
        title: "Second",
        member: null,
        before: null,
        after: {
          title: "Second",
          start: "2026-03-11T09:00:00.000Z",
          assignee: { id: member.user.id, firstName: "Ivy", lastName: "Ames" },
        },
        createdAt: "2026-03-10T12:00:00.000Z",
        readAt: null,
      },
    ]);
    const cursor = encodeURIComponent(first.body.nextCursor ?? "");
    const second = await member.client.get<Page>(`/api/inbox?limit=1&cursor=${cursor}`);
    expect(second.body.entries.map((entry) => entry.title)).toEqual(["First"]);
    const signedOut = await anon.get("/api/inbox");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ message: messages.notSignedIn });
  });
});

describe("unread count and marking read", () => {
  it("counts, marks one (404 for another's) and all read", async () => {
    const { member, outsider } = await family();
    expect((await member.client.get("/api/inbox/unread-count")).body).toEqual({ unread: 2 });
    const [newest] = (await member.client.get<Page>("/api/inbox")).body.entries;
    const path = `/api/inbox/${newest?.id}/read`;
    const read = await member.client.post(path);
    expect(read).toMatchObject({ status: 200, body: { unread: 1 } });
    const theirs = await outsider.client.post(path);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({
      message: notificationMessages.inboxEntryNotFound,
      code: "NOT_FOUND",
    });
    const all = await member.client.post("/api/inbox/read-all");
    expect(all).toMatchObject({ status: 200, body: { unread: 0 } });
  });
});

describe("follow and mute", () => {
  it("GET and PUT /api/circles/{id}/notifications; 404 to a non-member, 400 for a bad level", async () => {
    const { member, outsider, circle } = await family();
    const path = `/api/circles/${circle.id}/notifications`;
    expect((await member.client.get(path)).body).toEqual({
      circleId: circle.id,
      level: "default",
    });
    const put = await member.client.request("PUT", path, { level: "following" });
    expect(put).toMatchObject({ status: 200, body: { circleId: circle.id, level: "following" } });
    expect((await outsider.client.get(path)).status).toBe(404);
    const bad = await member.client.request("PUT", path, { level: "loud" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: notificationMessages.circleNotifyLevelInvalid });
  });

  it("PUT and DELETE /api/events/{id}/follow; 404 to a non-member", async () => {
    const { creator, outsider, plans } = await family();
    const path = `/api/events/${plans[0]}/follow`;
    const follow = await creator.client.request("PUT", path);
    expect(follow).toMatchObject({ status: 200, body: { planId: plans[0], following: true } });
    const unfollow = await creator.client.request("DELETE", path);
    expect(unfollow).toMatchObject({ status: 200, body: { planId: plans[0], following: false } });
    expect((await outsider.client.request("PUT", path)).status).toBe(404);
  });
});
