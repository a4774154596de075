/**
 * Natural-language entry (api-conventions.md, "Natural language"): `nlp.processVoice` through
 * callers (who may read a sentence for which circle, whose names an assignee is matched
 * against, which zone it is read in, and what input is refused with which message), then
 * `POST /api/nlp/process-voice` over real HTTP with the spec's own payload. The reading itself
 * is tested against the corpus in core (parse-plan-text.test.ts). `nlp.prepare` who may ask;
 * that it loads nothing at a cold start and everything when asked is the Lambda test's
 * (functions/src/api.integration.test.ts), whose modules are fresh.
 */
import { loadLanguageLibraries } from "@circleplan/core/nlp/language-libraries";
import { createCircle, createUser } from "@circleplan/db/testing/factories";
import { DEFAULT_REMINDERS, NLP_TEXT_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { draftFromVoiceResult } from "@circleplan/shared/plan-draft";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

/** Wednesday 4 March 2026, 10:17 in New York, 15:17 UTC. */
const NOW = new Date("2026-03-04T15:17:00Z");

/** A New York parent, their daughter Emma in the circle, and Liam, who is not. */
async function family() {
  const s = server();
  s.clock.set(NOW);
  const parent = await signedInCaller(s, {
    user: { firstName: "Sarah", lastName: "Johnson", timeZone: "America/New_York" },
  });
  const emma = (await createUser(s.deps, { firstName: "Emma", lastName: "Johnson" })).user;
  const liam = (await createUser(s.deps, { firstName: "Liam", lastName: "Brown" })).user;
  const circle = await createCircle(s.deps, { creatorId: parent.user.id, members: [emma.id] });
  return { parent, emma, liam, circle };
}

describe("nlp.prepare", () => {
  it("readies the reader for the signed-in only, answering once it is loaded", async () => {
    const s = server();
    expect(await refusal(callerFor(s).trpc.nlp.prepare())).toMatchObject({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });

    const parent = await signedInCaller(s);
    expect(await parent.trpc.nlp.prepare()).toEqual({ ready: true });
    // Already settled, the libraries' promise answers before a promise made after it.
    const first = await Promise.race([
      loadLanguageLibraries().then(() => "loaded"),
      Promise.resolve().then(() => "still loading"),
    ]);
    expect(first).toBe("loaded");
    // Idempotent: asked again (another tab, a reopened dialog), it answers without work.
    expect(await parent.trpc.nlp.prepare()).toEqual({ ready: true });
  });
});

describe("nlp.processVoice", () => {
  it("reads a member's sentence into the plan form, in the caller's zone", async () => {
    const { parent, circle } = await family();
    const text =
      "Emma's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before";
    const plan = await parent.trpc.nlp.processVoice({ text, circleId: circle.id });
    expect(plan).toEqual({
      title: "Emma's piano lesson",
      description: null,
      type: "event",
      // Tuesday 10 March, 17:00 in New York: after the clocks went forward on the 8th.
      startTime: new Date("2026-03-10T21:00:00Z"),
      endTime: null,
      allDay: false,
      location: "the music school",
      locationLat: null,
      locationLng: null,
      reminderTimes: ["30 minutes before"],
      assignee: null,
      assignedTo: null,
      voiceNote: text,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceEndDate: "2026-06-10",
      recurrenceDaysOfWeek: ["tuesday"],
      recurrenceCount: null,
      recurrenceWeekdaysOnly: null,
      recurrenceMonthlyBy: null,
      recurrenceWeekOfMonth: null,
      timeZone: "America/New_York",
      apiLimitReached: false,
      fallbackProcessing: false,
      message: messages.eventParsed,
    });
  });

  it("matches the assignee to the circle's members only, whatever the case", async () => {
    const { parent, emma, circle } = await family();
    const member = await parent.trpc.nlp.processVoice({
      text: "take out the trash tonight assign to emma",
      circleId: circle.id,
    });
    expect(member).toMatchObject({
      type: "task",
      title: "Take out the trash",
      assignee: "Emma",
      assignedTo: emma.id,
    });
    // Liam has an account but is not in this circle: heard, matched to nobody.
    const stranger = await parent.trpc.nlp.processVoice({
      text: "mow the lawn, assign to Liam",
      circleId: circle.id,
    });
    expect(stranger).toMatchObject({ assignee: "Liam", assignedTo: null });
    const nobody = await parent.trpc.nlp.processVoice({
      text: "buy milk for me",
      circleId: circle.id,
    });
    expect(nobody).toMatchObject({
      type: "todo",
      assignee: null,
      assignedTo: null,
      reminderTimes: [...DEFAULT_REMINDERS],
    });
  });

  it("reads into a plan the create call takes as it stands", async () => {
    const { parent, emma, circle } = await family();
    const text = "soccer practice from 3 to 5 on friday every week, assign to emma";
    const reading = await parent.trpc.nlp.processVoice({ text, circleId: circle.id });
    const draft = draftFromVoiceResult(reading);
    const plan = await parent.trpc.plans.create({ circleId: circle.id, ...draft });
    expect(plan).toMatchObject({
      title: "Soccer practice",
      type: "task",
      assignedTo: emma.id,
      // Friday 6 March, 15:00 to 17:00 in New York.
      startTime: new Date("2026-03-06T20:00:00Z"),
      endTime: new Date("2026-03-06T22:00:00Z"),
      reminderTimes: [...DEFAULT_REMINDERS],
      voiceNote: text,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceDaysOfWeek: ["friday"],
      recurrenceEndDate: reading.recurrenceEndDate,
      timeZone: "America/New_York",
    });
  });

  it("answers a plain member as it answers the creator", async () => {
    const s = server();
    s.clock.set(NOW);
    const creator = await signedInCaller(s, { user: { timeZone: "America/New_York" } });
    const member = await signedInCaller(s, { user: { timeZone: "America/New_York" } });
    const circle = await createCircle(s.deps, {
      creatorId: creator.user.id,
      members: [member.user.id],
    });
    const input = { text: "dentist tomorrow at 3", circleId: circle.id };
    const byMember = await member.trpc.nlp.processVoice(input);
    expect(byMember).toMatchObject({
      title: "Dentist",
      startTime: new Date("2026-03-05T20:00:00Z"),
    });
    expect(byMember).toEqual(await creator.trpc.nlp.processVoice(input));
  });

  it("refuses the signed-out (401) and non-members as if the circle did not exist (404)", async () => {
    const s = server();
    const { circle } = await family();
    const input = { text: "dentist tomorrow at 3", circleId: circle.id };
    expect(await refusal(callerFor(s).trpc.nlp.processVoice(input))).toMatchObject({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    const outsider = await signedInCaller(s);
    const refused = await refusal(outsider.trpc.nlp.processVoice(input));
    expect(refused).toMatchObject({ status: 404, body: { message: messages.circleNotFound } });
    const missing = await refusal(
      outsider.trpc.nlp.processVoice({ ...input, circleId: circle.id + 1000 }),
    );
    expect(refused).toEqual(missing);
  });

  it("reads the sentence in the zone sent, else the caller's profile zone", async () => {
    const s = server();
    s.clock.set(NOW);
    const traveller = await signedInCaller(s, { user: { timeZone: "Asia/Kolkata" } });
    const circle = await createCircle(s.deps, { creatorId: traveller.user.id });
    const text = "dentist tomorrow at 3";
    const atHome = await traveller.trpc.nlp.processVoice({ text, circleId: circle.id });
    expect(atHome).toMatchObject({
      timeZone: "Asia/Kolkata",
      startTime: new Date("2026-03-05T09:30:00Z"),
    });
    for (const userTimezone of [null, undefined]) {
      const absent = await traveller.trpc.nlp.processVoice({
        text,
        circleId: circle.id,
        userTimezone,
      });
      expect(absent.timeZone).toBe("Asia/Kolkata");
    }
    const away = await traveller.trpc.nlp.processVoice({
      text,
      circleId: circle.id,
      userTimezone: "Europe/Berlin",
    });
    expect(away).toMatchObject({
      timeZone: "Europe/Berlin",
      startTime: new Date("2026-03-05T14:00:00Z"),
    });
  });

  it("reads from the day it was typed from: the day is today for the sentence (issue 21)", async () => {
    const { parent, circle } = await family();
    const from = (text: string, referenceDay?: string | null) =>
      parent.trpc.nlp.processVoice({ text, circleId: circle.id, referenceDay });
    // Wednesday 4 March, 10:17 in New York; the calendar's chosen day is Friday 13 March, after
    // the clocks went forward (EDT, UTC-4).
    expect((await from("dentist at 11am", "2026-03-13")).startTime).toEqual(
      new Date("2026-03-13T15:00:00Z"),
    );
    expect((await from("call grandma tomorrow at 9", "2026-03-13")).startTime).toEqual(
      new Date("2026-03-14T13:00:00Z"),
    );
    // No time said: now to the half hour (10:30), on that day.
    expect((await from("book club", "2026-03-13")).startTime).toEqual(
      new Date("2026-03-13T14:30:00Z"),
    );
    // Absent, null or today: read from now, as before.
    for (const referenceDay of [undefined, null, "2026-03-04"]) {
      expect((await from("dentist at 11am", referenceDay)).startTime).toEqual(
        new Date("2026-03-04T16:00:00Z"),
      );
    }
    for (const referenceDay of ["2026-02-30", "13/03/2026", "x".repeat(11)]) {
      expect(await refusal(from("dentist at 11am", referenceDay))).toMatchObject({ status: 400 });
    }
  });

  it("refuses empty, blank, missing, too long and control-character text with the spec's messages", async () => {
    const { parent, circle } = await family();
    const said = (text: unknown) =>
      refusal(parent.trpc.nlp.processVoice({ text, circleId: circle.id } as never));
    for (const text of ["", "   ", "\n\t ", undefined, null]) {
      expect(await said(text)).toMatchObject({
        status: 400,
        body: { message: messages.noSpeechDetected },
      });
    }
    expect(await said("a".repeat(NLP_TEXT_MAX_LENGTH + 1))).toMatchObject({
      status: 400,
      body: { message: messages.textTooLong },
    });
    for (const text of ["dentist\u0000 at 3", "dentist \u001b[31m at 3", "lone \ud800 surrogate"]) {
      expect(await said(text)).toMatchObject({
        status: 400,
        body: { message: messages.invalidText },
      });
    }
    // The longest sentence allowed is read, and lines are fine.
    const long = await parent.trpc.nlp.processVoice({
      text: `dentist tomorrow at 3\n${"and more ".repeat(200)}`.slice(0, NLP_TEXT_MAX_LENGTH),
      circleId: circle.id,
    });
    expect(long.title.length).toBeLessThanOrEqual(50);
  });

  it("refuses a zone that does not exist and a circle id that is none", async () => {
    const { parent, circle } = await family();
    for (const userTimezone of ["Mars/Olympus_Mons", "", "x".repeat(65)]) {
      expect(
        await refusal(
          parent.trpc.nlp.processVoice({ text: "dentist at 3", circleId: circle.id, userTimezone }),
        ),
      ).toMatchObject({ status: 400, body: { message: messages.timeZoneInvalid } });
    }
    for (const circleId of ["abc", "", -1, 0, 1.5, null]) {
      expect(
        await refusal(parent.trpc.nlp.processVoice({ text: "dentist at 3", circleId } as never)),
      ).toMatchObject({ status: 400, body: { message: messages.circleRequired } });
    }
  });
});

describe("POST /api/nlp/process-voice", () => {
  it("takes the spec's payload, circleId as a string or a number, and answers ISO dates", async () => {
    const s = server();
    s.clock.set(NOW);
    const { client, user } = await signedInClient(s, { user: { timeZone: "UTC" } });
    const member = (await createUser(s.deps, { firstName: "Emma", lastName: "Johnson" })).user;
    const circle = await createCircle(s.deps, { creatorId: user.id, members: [member.id] });
    for (const circleId of [String(circle.id), circle.id]) {
      const res = await client.post("/api/nlp/process-voice", {
        text: "soccer practice from 3 to 5 on friday, assign to emma",
        circleId,
        userTimezone: "America/New_York",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: "Soccer practice",
        type: "task",
        startTime: "2026-03-06T20:00:00.000Z",
        endTime: "2026-03-06T22:00:00.000Z",
        assignee: "Emma",
        assignedTo: member.id,
        voiceNote: "soccer practice from 3 to 5 on friday, assign to emma",
        timeZone: "America/New_York",
        apiLimitReached: false,
        fallbackProcessing: false,
        message: messages.eventParsed,
      });
    }
  });

  it("answers 401, 404 and 400 with the product's bodies", async () => {
    const s = server();
    const { client, user } = await signedInClient(s);
    const circle = await createCircle(s.deps, { creatorId: user.id });
    const body = { text: "dentist at 3", circleId: circle.id, userTimezone: "UTC" };
    const signedOut = await s.client().post("/api/nlp/process-voice", body);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: messages.notSignedIn, code: "UNAUTHORIZED" });
    const outsider = await signedInClient(s);
    const hidden = await outsider.client.post("/api/nlp/process-voice", body);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ message: messages.circleNotFound });
    const empty = await client.post("/api/nlp/process-voice", { ...body, text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: messages.noSpeechDetected });
    const badZone = await client.post("/api/nlp/process-voice", {
      ...body,
      userTimezone: "Nowhere",
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body).toMatchObject({ message: messages.timeZoneInvalid });
  });
});

describe("POST /api/nlp/prepare", () => {
  it("answers a bodiless POST from the signed-in with ready, and 401 to the signed-out", async () => {
    const s = server();
    const signedOut = await s.client().request("POST", "/api/nlp/prepare");
    expect(signedOut).toMatchObject({
      status: 401,
      body: { message: messages.notSignedIn, code: "UNAUTHORIZED" },
    });
    const { client } = await signedInClient(s);
    const ready = await client.request("POST", "/api/nlp/prepare");
    expect(ready).toMatchObject({ status: 200, body: { ready: true } });
  });
});
