/**
 * The plan REST paths of spec section 7 over real HTTP: both create paths, GET, PUT and DELETE
 * of /api/events/{id} with the occurrence named in the query, instants as ISO strings, statuses
 * and `{message, code}` bodies. The rules themselves are tested in-process
 * (plans.integration.test.ts).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

async function family() {
  const s = server();
  const creator = await signedInClient(s, { user: { timeZone: "Europe/Berlin" } });
  const member = await signedInClient(s);
  const outsider = await signedInClient(s);
  const circle = await createCircle(s.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
  });
  return { creator, member, outsider, circle };
}

type PlanJson = Record<string, unknown> & { id: number };

const lesson = {
  title: "Piano lesson",
  startTime: "2026-03-02T17:00:00.000Z",
  endTime: "2026-03-02T18:00:00.000Z",
  reminderTimes: ["30 minutes before"],
};

describe("creating", () => {
  it("POST /api/circles/{id}/events: 201 with the plan; the spec's payload as sent", async () => {
    const { creator, member, circle } = await family();
    const res = await creator.client.post<PlanJson>(`/api/circles/${circle.id}/events`, {
      ...lesson,
      description: "Bring the book",
      location: "Music school",
      locationLat: 52.52,
      locationLng: 13.4,
      mapUrl: "https://maps.example.com/?q=school",
      assignedTo: member.user.id,
      type: "task",
      voiceNote: null,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceEndDate: "2026-03-23",
      recurrenceDaysOfWeek: ["monday"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Piano lesson",
      circleId: circle.id,
      type: "task",
      assignedTo: member.user.id,
      status: "pending",
      startTime: "2026-03-02T17:00:00.000Z",
      date: "2026-03-02",
      timeZone: "Europe/Berlin",
      reminderMinutes: [30],
      recurrenceEndDate: "2026-03-23",
      recurrencePattern: "Every week on Monday, until March 23, 2026",
      rrule: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20260323T225959Z",
      originalStartTime: "2026-03-02T17:00:00.000Z",
    });
    expectNoSecrets(res.body);
  });

  it("POST /api/events: the circle from the body (a string, as the edit form sends it)", async () => {
    const { creator, circle } = await family();
    const res = await creator.client.post<PlanJson>("/api/events", {
      ...lesson,
      circleId: String(circle.id),
      type: "event",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ circleId: circle.id, type: "event", title: "Piano lesson" });
    const missing = await creator.client.post("/api/events", lesson);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(JSON.stringify(missing.body)).toContain(messages.circleRequired);
  });

  it("signed out 401; non-member 404; bad input 400 with the product's message", async () => {
    const { creator, outsider, circle } = await family();
    const anonymous = await server().client().post(`/api/circles/${circle.id}/events`, lesson);
    expect(anonymous.status).toBe(401);
    const foreign = await outsider.client.post(`/api/circles/${circle.id}/events`, lesson);
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: messages.circleNotFound, code: "NOT_FOUND" },
    });
    const foreignBody = await outsider.client.post("/api/events", {
      ...lesson,
      circleId: circle.id,
    });
    expect(foreignBody.status).toBe(404);
    const untitled = await creator.client.post(`/api/circles/${circle.id}/events`, {
      ...lesson,
      title: "",
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body).toMatchObject({
      message: messages.titleRequired,
      issues: [{ path: "title", message: messages.titleRequired }],
    });
    const badTime = await creator.client.post(`/api/circles/${circle.id}/events`, {
      ...lesson,
      startTime: "2026-03-02 17:00",
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body).toMatchObject({ message: messages.startTimeInvalid });
    const backwards = await creator.client.post(`/api/circles/${circle.id}/events`, {
      ...lesson,
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceEndDate: "2026-03-01",
    });
    expect(backwards).toMatchObject({
      status: 400,
      body: { message: messages.recurrenceEndBeforeStart },
    });
  });
});

describe("one plan", () => {
  it("GET /api/events/{id}: members 200, others 404 as for a missing id", async () => {
    const { creator, member, outsider, circle } = await family();
    const made = await creator.client.post<PlanJson>("/api/events", {
      ...lesson,
      circleId: circle.id,
    });
    const res = await member.client.get<PlanJson>(`/api/events/${made.body.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: made.body.id, title: "Piano lesson" } });
    const hidden = await outsider.client.get(`/api/events/${made.body.id}`);
    const missing = await outsider.client.get(`/api/events/${made.body.id + 1000}`);
    expect(hidden).toMatchObject({ status: 404, body: { message: messages.planNotFound } });
    expect(hidden.body).toEqual(missing.body);
    expect((await server().client().get(`/api/events/${made.body.id}`)).status).toBe(401);
  });

  it("GET /api/events/{id} and the lists name who last changed it, and when an answer came", async () => {
    const { creator, member, circle } = await family();
    const made = await creator.client.post<PlanJson>(`/api/circles/${circle.id}/events`, {
      ...lesson,
      assignedTo: member.user.id,
    });
    const creatorName = `${creator.user.firstName} ${creator.user.lastName}`;
    expect(made.body).toMatchObject({ updatedBy: creator.user.id, updatedByName: creatorName });
    await member.client.post(`/api/tasks/${made.body.id}/decline`, { reason: "Away\nall week" });
    const res = await creator.client.get<PlanJson>(`/api/events/${made.body.id}`);
    expect(res.body).toMatchObject({
      updatedBy: member.user.id,
      updatedByName: `${member.user.firstName} ${member.user.lastName}`,
      responseNote: "Away\nall week",
    });
    expect(res.body.respondedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const listed = await creator.client.get<PlanJson[]>("/api/events/all?date=2026-03-02");
    expect(listed.body.find((plan) => plan.id === made.body.id)).toMatchObject({
      updatedBy: member.user.id,
      respondedAt: res.body.respondedAt,
    });
  });

  it("PUT /api/events/{id}: the creator 200, a member 403, a stale version 409", async () => {
    const { creator, member, circle } = await family();
    const made = await creator.client.post<PlanJson>("/api/events", {
      ...lesson,
      circleId: circle.id,
    });
    const path = `/api/events/${made.body.id}`;
    // The edit dialog's payload: circleId a number, assignedTo null, location null.
    const edited = await creator.client.request<PlanJson>("PUT", path, {
      title: "Piano recital",
      description: "",
      startTime: "2026-03-02T18:00:00.000Z",
      type: "event",
      isCompleted: false,
      location: null,
      circleId: circle.id,
      assignedTo: null,
      reminderTimes: ["1 hour before"],
      version: 1,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        title: "Piano recital",
        description: null,
        startTime: "2026-03-02T18:00:00.000Z",
        endTime: "2026-03-02T19:00:00.000Z",
        reminderTimes: ["1 hour before"],
        version: 2,
      },
    });
    const stale = await creator.client.request("PUT", path, { title: "Again", version: 1 });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: messages.planVersionConflict, code: "CONFLICT" },
    });
    const refused = await member.client.request("PUT", path, { title: "Mine" });
    expect(refused).toMatchObject({ status: 403, body: { message: messages.planCreatorOnly } });
  });

  it("PUT and DELETE name one occurrence of a series in the body or the query", async () => {
    const { creator, member, circle } = await family();
    const made = await creator.client.post<PlanJson>(`/api/circles/${circle.id}/events`, {
      ...lesson,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceCount: 4,
    });
    const path = `/api/events/${made.body.id}`;
    const second = "2026-03-09T17:00:00.000Z";
    const moved = await creator.client.request<PlanJson>("PUT", path, {
      occurrenceStart: second,
      scope: "occurrence",
      startTime: "2026-03-10T17:00:00.000Z",
    });
    expect(moved).toMatchObject({
      status: 200,
      body: {
        startTime: "2026-03-10T17:00:00.000Z",
        originalStartTime: second,
        isRecurrenceException: true,
      },
    });
    const read = await member.client.get(`${path}?occurrenceStart=${encodeURIComponent(second)}`);
    expect(read).toMatchObject({
      status: 200,
      body: { startTime: "2026-03-10T17:00:00.000Z" },
    });
    const third = "2026-03-16T17:00:00.000Z";
    const refused = await member.client.request(
      "DELETE",
      `${path}?scope=occurrence&occurrenceStart=${encodeURIComponent(third)}`,
    );
    expect(refused).toMatchObject({
      status: 403,
      body: { message: messages.planDeleteNotAllowed },
    });
    const deleted = await creator.client.request(
      "DELETE",
      `${path}?scope=occurrence&occurrenceStart=${encodeURIComponent(third)}`,
    );
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.eventDeleted } });
    const gone = await member.client.get(`${path}?occurrenceStart=${encodeURIComponent(third)}`);
    expect(gone).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });
    const notOne = await creator.client.request(
      "DELETE",
      `${path}?scope=occurrence&occurrenceStart=${encodeURIComponent("2026-03-11T17:00:00.000Z")}`,
    );
    expect(notOne).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });
    const badScope = await creator.client.request("DELETE", `${path}?scope=some`);
    expect(badScope.status).toBe(400);
    // The series' first occurrence is still there, and then the whole series goes.
    expect((await member.client.get(path)).status).toBe(200);
    const all = await creator.client.request("DELETE", path);
    expect(all).toMatchObject({ status: 200, body: { message: messages.eventDeleted } });
    expect((await member.client.get(path)).status).toBe(404);
  });

  it("DELETE a task answers 'Task deleted!'; signed out 401", async () => {
    const { creator, member, circle } = await family();
    const made = await creator.client.post<PlanJson>(`/api/circles/${circle.id}/events`, {
      ...lesson,
      assignedTo: member.user.id,
    });
    const path = `/api/events/${made.body.id}`;
    expect((await server().client().request("DELETE", path)).status).toBe(401);
    const res = await creator.client.request("DELETE", path);
    expect(res).toMatchObject({ status: 200, body: { message: messages.taskDeleted } });
  });
});
