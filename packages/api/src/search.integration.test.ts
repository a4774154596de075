/**
 * Search (docs/decisions/020-search.md), called in-process: who finds what (every role, and a
 * task withdrawn from its assignee), what matches (words of the title, description or place, as
 * prefixes, case and accents aside), how a series answers (once: its next occurrence, else its
 * latest; never a cancelled one; beyond its written rows too), the order (upcoming soonest first,
 * then past most recent first) and the bounds. The last block is the REST door's query.
 */

import { SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { CreatePlanInput } from "@circleplan/shared/plan-schemas";
import type { SearchPlansAnswer } from "@circleplan/shared/search-outputs";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { type CircleOfFour, circleOfFour } from "./testing/circle-callers";
import { refusal, type TestCaller } from "./testing/test-caller";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

const NOW = new Date("2026-03-10T12:00:00Z");

async function family(): Promise<CircleOfFour> {
  server().clock.set(NOW);
  return circleOfFour(server());
}

type PlanFields = Partial<Omit<CreatePlanInput, "circleId">> & { title: string };

function add(who: TestCaller, circleId: number, fields: PlanFields): Promise<Plan> {
  return who.trpc.plans.create({
    circleId,
    startTime: new Date("2026-03-20T09:00:00Z"),
    ...fields,
  } as CreatePlanInput);
}

const titles = (plans: Plan[]) => plans.map((plan) => plan.title);
const found = (answer: SearchPlansAnswer) => ({
  upcoming: titles(answer.upcoming),
  past: titles(answer.past),
});

describe("who finds what", () => {
  it("creator, admin, assignee and member find the circle's plans; an outsider none; signed out is 401", async () => {
    const f = await family();
    await add(f.creator, f.circle.id, { title: "Dentist" });
    await add(f.creator, f.circle.id, {
      title: "Dentist for Ivy",
      assignedTo: f.assignee.user.id,
    });
    for (const who of [f.creator, f.admin, f.assignee, f.member]) {
      const answer = await who.trpc.plans.search({ q: "dentist" });
      expect(found(answer)).toEqual({ upcoming: ["Dentist", "Dentist for Ivy"], past: [] });
    }
    // The outsider has a dentist of their own: only that one is theirs to find.
    const own = await f.outsider.trpc.circles.create({ name: "Otto's", type: "family" });
    await add(f.outsider, own.id, { title: "Dentist downtown" });
    expect(found(await f.outsider.trpc.plans.search({ q: "dentist" }))).toEqual({
      upcoming: ["Dentist downtown"],
      past: [],
    });
    expect((await refusal(f.anon.trpc.plans.search({ q: "dentist" }))).status).toBe(401);
  });

  it("a task withdrawn from its assignee leaves the assignee's search, and no one else's", async () => {
    const f = await family();
    const task = await add(f.creator, f.circle.id, {
      title: "Dentist for Ivy",
      assignedTo: f.assignee.user.id,
    });
    await f.creator.trpc.tasks.cancel({ id: task.id });
    expect(found(await f.assignee.trpc.plans.search({ q: "dentist" })).upcoming).toEqual([]);
    expect(found(await f.member.trpc.plans.search({ q: "dentist" })).upcoming).toEqual([
      "Dentist for Ivy",
    ]);
  });
});

describe("what matches", () => {
  it("every word, each as a prefix of a word in the title, description or place, case and accents aside", async () => {
    const f = await family();
    await add(f.creator, f.circle.id, {
      title: "Dentist",
      description: "Bring the X-rays",
      location: "Café Müller, Hauptstraße 5",
    });
    await add(f.creator, f.circle.id, { title: "Зубной врач" });
    await add(f.creator, f.circle.id, { title: "Parents' evening at ÉCOLE Sainte-Anne" });
    const search = async (q: string) => titles((await f.member.trpc.plans.search({ q })).upcoming);
    expect(await search("dent")).toEqual(["Dentist"]);
    expect(await search("DENTIST")).toEqual(["Dentist"]);
    expect(await search("x-ray")).toEqual(["Dentist"]);
    expect(await search("cafe muller")).toEqual(["Dentist"]);
    expect(await search("Müll dent")).toEqual(["Dentist"]);
    expect(await search("dentist zoo")).toEqual([]);
    expect(await search("tist")).toEqual([]);
    expect(await search("ЗУБН")).toEqual(["Зубной врач"]);
    expect(await search("ecole sainte")).toEqual(["Parents' evening at ÉCOLE Sainte-Anne"]);
    expect(await search("parent's")).toEqual(["Parents' evening at ÉCOLE Sainte-Anne"]);
    // Punctuation alone holds no word, and matches nothing; quotes and backslashes are text.
    expect(await search("?!")).toEqual([]);
    expect(await search("'den\\")).toEqual(["Dentist"]);
  });
});

describe("series and the order", () => {
  it("upcoming soonest first (today's all-day plans among them), then past most recent first, an all-day one among them by its day", async () => {
    const f = await family();
    const at = (iso: string) => new Date(iso);
    await add(f.creator, f.circle.id, {
      title: "Dentist B",
      startTime: at("2026-04-01T09:00:00Z"),
    });
    await add(f.creator, f.circle.id, {
      title: "Dentist A",
      startTime: at("2026-03-11T09:00:00Z"),
    });
    await add(f.creator, f.circle.id, {
      title: "Dentist today",
      allDay: true,
      date: "2026-03-10",
      startTime: at("2026-03-10T00:00:00Z"),
    });
    await add(f.creator, f.circle.id, {
      title: "Dentist old",
      startTime: at("2026-01-05T09:00:00Z"),
    });
    await add(f.creator, f.circle.id, {
      title: "Dentist this morning",
      startTime: at("2026-03-10T08:00:00Z"),
    });
    // An all-day plan long past: all-day before timed decides only within a day.
    await add(f.creator, f.circle.id, {
      title: "Dentist long ago",
      allDay: true,
      date: "2024-01-05",
      startTime: at("2024-01-05T00:00:00Z"),
    });
    expect(found(await f.member.trpc.plans.search({ q: "dentist" }))).toEqual({
      upcoming: ["Dentist today", "Dentist A", "Dentist B"],
      past: ["Dentist this morning", "Dentist old", "Dentist long ago"],
    });
    // The page is cut in that order: upcoming ones first, then the latest past.
    expect(found(await f.member.trpc.plans.search({ q: "dentist", limit: 4 }))).toEqual({
      upcoming: ["Dentist today", "Dentist A", "Dentist B"],
      past: ["Dentist this morning"],
    });
  });

  it("a series answers once, as its next occurrence; a cancelled one is skipped; an ended one answers its latest", async () => {
    const f = await family();
    const swim = await add(f.creator, f.circle.id, {
      title: "Swimming",
      startTime: new Date("2026-03-02T17:00:00Z"),
      timeZone: "UTC",
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await add(f.creator, f.circle.id, {
      title: "Swimming course",
      startTime: new Date("2026-02-02T17:00:00Z"),
      timeZone: "UTC",
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceEndDate: "2026-02-23",
    });
    let answer = await f.member.trpc.plans.search({ q: "swim" });
    expect(answer.upcoming.map((plan) => [plan.title, plan.date])).toEqual([
      ["Swimming", "2026-03-16"],
    ]);
    expect(answer.past.map((plan) => [plan.title, plan.date])).toEqual([
      ["Swimming course", "2026-02-23"],
    ]);
    await f.creator.trpc.plans.delete({
      id: swim.id,
      occurrenceStart: new Date("2026-03-16T17:00:00Z"),
      scope: "occurrence",
    });
    answer = await f.member.trpc.plans.search({ q: "swim" });
    expect(answer.upcoming.map((plan) => plan.date)).toEqual(["2026-03-23"]);
  });

  it("a series beyond its written rows is found on its rule's occurrence: one starting in two years, one ended years ago", async () => {
    const f = await family();
    await add(f.creator, f.circle.id, {
      title: "Anniversary trip",
      startTime: new Date("2028-05-01T10:00:00Z"),
      timeZone: "UTC",
      isRecurring: true,
      recurrenceType: "yearly",
    });
    await add(f.creator, f.circle.id, {
      title: "Anniversary dinner",
      startTime: new Date("2022-05-01T18:00:00Z"),
      timeZone: "UTC",
      isRecurring: true,
      recurrenceType: "yearly",
      recurrenceEndDate: "2024-06-01",
    });
    const answer = await f.member.trpc.plans.search({ q: "anniversary" });
    expect(answer.upcoming.map((plan) => [plan.title, plan.date])).toEqual([
      ["Anniversary trip", "2028-05-01"],
    ]);
    expect(answer.past.map((plan) => [plan.title, plan.date])).toEqual([
      ["Anniversary dinner", "2024-05-01"],
    ]);
  });
});

describe("bounds", () => {
  it("refuses an empty, too long or control-character query and a limit over the most, with the product's messages", async () => {
    const f = await family();
    const issue = async (input: { q: string; limit?: number }) =>
      (await refusal(f.member.trpc.plans.search(input))).body;
    expect(await issue({ q: "   " })).toMatchObject({
      message: messages.searchQueryRequired,
    });
    expect(await issue({ q: "a".repeat(SEARCH_QUERY_MAX_LENGTH + 1) })).toMatchObject({
      message: messages.searchQueryTooLong,
    });
    expect(await issue({ q: "dent\u0000ist" })).toMatchObject({ message: messages.invalidText });
    expect(await issue({ q: "dent\nist" })).toMatchObject({ message: messages.invalidText });
    expect(await issue({ q: "dentist", limit: SEARCH_LIMIT_MAX + 1 })).toMatchObject({
      message: messages.searchLimitInvalid,
    });
    expect(await issue({ q: "dentist", limit: 0 })).toMatchObject({
      message: messages.searchLimitInvalid,
    });
    const status = (await refusal(f.member.trpc.plans.search({ q: "" }))).status;
    expect(status).toBe(400);
  });

  it("answers at most `limit` plans, twenty unless told", async () => {
    const f = await family();
    for (let i = 0; i < 25; i++) {
      await add(f.creator, f.circle.id, {
        title: `Dentist ${String(i).padStart(2, "0")}`,
        startTime: new Date(NOW.getTime() + (i + 1) * 3_600_000),
      });
    }
    const answer = await f.member.trpc.plans.search({ q: "dentist" });
    expect(answer.upcoming).toHaveLength(20);
    expect(answer.upcoming[0]?.title).toBe("Dentist 00");
    expect((await f.member.trpc.plans.search({ q: "dentist", limit: 3 })).upcoming).toHaveLength(3);
  });
});

describe("over HTTP", () => {
  it("GET /api/events/search takes q and limit from the query; 400 for bad ones, 401 signed out", async () => {
    const s = server();
    s.clock.set(NOW);
    const { client } = await signedInClient(s);
    const circle = await client.post<{ id: number }>("/api/circles", {
      name: "Ames",
      type: "family",
    });
    for (const title of ["Dentist", "Dentist again", "Piano"]) {
      const res = await client.post(`/api/circles/${circle.body.id}/events`, {
        title,
        startTime: "2026-03-20T09:00:00.000Z",
      });
      expect(res.status).toBe(201);
    }
    const res = await client.get<{ upcoming: Plan[]; past: Plan[] }>(
      `/api/events/search?q=${encodeURIComponent("dent")}&limit=1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.upcoming.map((plan) => [plan.title, plan.startTime])).toEqual([
      ["Dentist", "2026-03-20T09:00:00.000Z"],
    ]);
    expect(res.body.past).toEqual([]);
    const bad = await client.get("/api/events/search?q=dentist&limit=lots");
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "limit", message: messages.searchLimitInvalid });
    const missing = await client.get("/api/events/search");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.searchQueryRequired);
    expect((await s.client().get("/api/events/search?q=dentist")).status).toBe(401);
  });
});
