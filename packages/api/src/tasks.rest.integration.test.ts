/**
 * The task paths of plans spec section 7 over real HTTP: each reaches its procedure, path and
 * query values arrive as numbers, instants travel as ISO strings, and refusals carry the
 * `{message, code}` body with the status of api-conventions.md. The rules themselves are
 * tested in-process (tasks.integration.test.ts).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

type PlanJson = Record<string, unknown> & { id: number; status: string | null; version: number };

async function family() {
  const s = server();
  s.clock.set(new Date("2026-03-10T12:00:00Z"));
  const creator = await signedInClient(s);
  const assignee = await signedInClient(s);
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    members: [assignee.user.id, member.user.id],
  });
  const assign = async (fields: Record<string, unknown> = {}) => {
    const res = await creator.client.post<PlanJson>(`/api/circles/${circle.id}/events`, {
      title: "Water the plants",
      startTime: "2026-03-11T09:00:00.000Z",
      assignedTo: assignee.user.id,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { creator, assignee, member, outsider, circle, assign, anon: s.client() };
}

describe("answering", () => {
  it("POST /api/tasks/{id}/accept with no body or a note; a second answer 409", async () => {
    const { assignee, assign } = await family();
    const first = await assign();
    const bare = await fetch(`${server().url}/api/tasks/${first.id}/accept`, {
      method: "POST",
      headers: {
        origin: server().url,
        cookie: [...assignee.client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    expect(bare.status).toBe(200);
    const accepted = (await bare.json()) as { accepted: boolean; event: PlanJson };
    expect(accepted).toMatchObject({ accepted: true, event: { id: first.id, status: "accepted" } });
    expect(accepted.event.startTime).toBe("2026-03-11T09:00:00.000Z");
    expectNoSecrets(accepted);

    const second = await assign();
    const withNote = await assignee.client.post(`/api/tasks/${second.id}/accept`, {
      note: "Sure",
    });
    expect(withNote.body).toMatchObject({ event: { responseNote: "Sure" } });
    const again = await assignee.client.post(`/api/tasks/${second.id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.taskAlreadyAnswered, code: "CONFLICT" });
  });

  it("POST /api/tasks/{id}/decline needs a reason (400 with issues); then declines", async () => {
    const { assignee, assign } = await family();
    const task = await assign();
    const missing = await assignee.client.post(`/api/tasks/${task.id}/decline`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: messages.declineReasonRequired,
      code: "VALIDATION_FAILED",
      issues: [{ path: "reason", message: messages.declineReasonRequired }],
    });
    const blank = await assignee.client.post(`/api/tasks/${task.id}/decline`, { reason: "  " });
    expect(blank.body).toMatchObject({ message: messages.declineReasonRequired });
    const res = await assignee.client.post(`/api/tasks/${task.id}/decline`, {
      reason: "Out of town",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accepted: false,
      event: { status: "declined", responseNote: "Out of town", assignmentAccepted: false },
    });
  });

  it("POST /api/events/{id}/respond: the assignee 200; member 403, outsider 404, signed out 401", async () => {
    const { assignee, member, outsider, anon, assign } = await family();
    const task = await assign();
    const path = `/api/events/${task.id}/respond`;
    expect(await anon.post(path, { accepted: true })).toMatchObject({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    expect(await outsider.client.post(path, { accepted: true })).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound, code: "NOT_FOUND" },
    });
    expect(await member.client.post(path, { accepted: true })).toMatchObject({
      status: 403,
      body: { message: messages.taskNotAssignedToYou, code: "FORBIDDEN" },
    });
    const declined = await assignee.client.post(path, { accepted: false });
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ message: messages.declineReasonRequired });
    const res = await assignee.client.post(path, { accepted: false, note: "Can't" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: false, event: { status: "declined" } });
    const wrongType = await assignee.client.post(path, { accepted: "yes" });
    expect(wrongType.status).toBe(400);
  });
});

describe("cancelling and completing", () => {
  it("POST /api/tasks/{id}/cancel: the creator; the assignee 403", async () => {
    const { creator, assignee, assign } = await family();
    const task = await assign();
    const refused = await assignee.client.post(`/api/tasks/${task.id}/cancel`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.cancelCreatorOnly, code: "FORBIDDEN" });
    const res = await creator.client.post(`/api/tasks/${task.id}/cancel`);
    expect(res).toMatchObject({ status: 200, body: { message: messages.taskCancelled } });
    expect((await assignee.client.get("/api/tasks/pending")).body).toEqual([]);
  });

  it("POST /api/events/{id}/complete: the accepted assignee; before accepting 403 with the spec's text", async () => {
    const { assignee, assign } = await family();
    const task = await assign();
    const path = `/api/events/${task.id}/complete`;
    expect(await assignee.client.post(path, { isCompleted: true })).toMatchObject({
      status: 403,
      body: { message: messages.completeNotAllowed, code: "FORBIDDEN" },
    });
    await assignee.client.post(`/api/tasks/${task.id}/accept`);
    const done = await assignee.client.post(path, { isCompleted: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      isCompleted: true,
      event: { isCompleted: true, status: "completed" },
    });
    expect(typeof (done.body.event as PlanJson).completedAt).toBe("string");
    const reopened = await assignee.client.post(path, { isCompleted: false });
    expect(reopened.body).toMatchObject({ isCompleted: false });
    // An empty body means "completed".
    expect((await assignee.client.post(path)).body).toMatchObject({ isCompleted: true });
  });

  it("completes one occurrence named by its original start as an ISO string", async () => {
    const { creator, assign } = await family();
    const series = await assign({ isRecurring: true, recurrenceType: "daily" });
    const res = await creator.client.post(`/api/events/${series.id}/complete`, {
      isCompleted: true,
      occurrenceStart: "2026-03-12T09:00:00.000Z",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      event: { originalStartTime: "2026-03-12T09:00:00.000Z", isCompleted: true },
    });
    const missing = await creator.client.post(`/api/events/${series.id}/complete`, {
      occurrenceStart: "2026-03-12T10:00:00.000Z",
    });
    expect(missing).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });
  });
});

describe("the Action Center's lists", () => {
  it("GET /api/tasks/pending answers items with ISO instants; signed out 401", async () => {
    const { creator, assignee, anon, assign } = await family();
    const task = await assign();
    const res = await assignee.client.get<Record<string, unknown>[]>("/api/tasks/pending");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: task.id,
        title: "Water the plants",
        startTime: "2026-03-11T09:00:00.000Z",
        date: "2026-03-11",
        isAssignedToMe: true,
        isCreatedByMe: false,
      }),
    ]);
    expectNoSecrets(res.body);
    expect((await creator.client.get<unknown[]>("/api/tasks/pending")).body).toHaveLength(1);
    expect((await anon.get("/api/tasks/pending")).status).toBe(401);
  });

  it("GET /api/tasks/history pages by query string: 11 tasks, page 1 then page 2", async () => {
    const { creator, assignee, assign } = await family();
    for (let i = 0; i < 11; i++) await assign({ title: `Chore ${i}` });
    type Page = {
      tasks: PlanJson[];
      pagination: { page: number; limit: number; hasMore: boolean };
    };
    const first = await assignee.client.get<Page>(
      "/api/tasks/history?type=assigned-to-me&page=1&limit=10",
    );
    expect(first.status).toBe(200);
    expect(first.body.tasks).toHaveLength(10);
    expect(first.body.pagination).toEqual({ page: 1, limit: 10, hasMore: true });
    expect(first.body.tasks[0]?.title).toBe("Chore 10");
    const second = await assignee.client.get<Page>(
      "/api/tasks/history?type=assigned-to-me&page=2&limit=10",
    );
    expect(second.body.pagination).toEqual({ page: 2, limit: 10, hasMore: false });
    expect(second.body.tasks.map((task) => task.title)).toEqual(["Chore 0"]);
    const byMe = await creator.client.get<Page>("/api/tasks/history?type=assigned-by-me");
    expect(byMe.body.tasks).toHaveLength(10);
    // Ours: all eleven still wait for an answer, so the Action Center's history has none.
    const answered = await assignee.client.get<Page>(
      "/api/tasks/history?type=assigned-to-me&includePending=false",
    );
    expect(answered.status).toBe(200);
    expect(answered.body.tasks).toEqual([]);

    for (const bad of ["type=everyone", "page=0", "limit=51", "page=two", "includePending=maybe"]) {
      const res = await assignee.client.get(`/api/tasks/history?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it("GET /api/tasks/expired?month&year: a zero-based month; out of range 400", async () => {
    const { assignee, assign } = await family();
    server().clock.set(new Date("2026-03-20T12:00:00Z"));
    const task = await assign({ startTime: "2026-03-05T09:00:00.000Z" });
    const res = await assignee.client.get<{ tasks: PlanJson[] }>(
      "/api/tasks/expired?month=2&year=2026",
    );
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t) => t.id)).toEqual([task.id]);
    expect((await assignee.client.get("/api/tasks/expired?month=1&year=2026")).body).toEqual({
      tasks: [],
    });
    for (const bad of ["month=12&year=2026", "month=-1&year=2026", "month=2", "year=2026"]) {
      expect((await assignee.client.get(`/api/tasks/expired?${bad}`)).status, bad).toBe(400);
    }
    expect((await server().client().get("/api/tasks/expired?month=2&year=2026")).status).toBe(401);
  });
});
