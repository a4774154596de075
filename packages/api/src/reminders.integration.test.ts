/**
 * The scheduled job (core/reminders, docs/decisions/011-reminders.md) on a manual clock: plans
 * are made through the procedures, the job is run at chosen instants as the schedule would run
 * it, and what it sent is read from the mail outbox (sandbox) and from a push service that
 * records what it was asked to send. Firing windows, DST days, series and their exceptions,
 * all-day plans, zones far apart, what sends nothing, preferences, gone devices, the morning
 * digest, runs at once and runs that died half-way, and the upkeep.
 */
import { readUnsubscribeToken } from "@circleplan/core/notifications/unsubscribe-links";
import { claimDueReminders, PUSH_LEASE_MS } from "@circleplan/core/reminders/deliver-reminders";
import { reminderWindow } from "@circleplan/core/reminders/due-reminders";
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { recordingPush } from "@circleplan/core/reminders/testing/recording-push";
import { countStatements } from "@circleplan/core/reminders/testing/statement-count";
import {
  circleMembers,
  digestDeliveries,
  emailVerificationTokens,
  loginThrottles,
  mailOutbox,
  passwordResetCodes,
  planOccurrences,
  pushSubscriptions,
  rateLimitBuckets,
  reminderDeliveries,
  sessions,
  users,
} from "@circleplan/db/schema";
import { createCircle, createPlan } from "@circleplan/db/testing/factories";
import { waitUntil } from "@circleplan/db/testing/wait-until";
import { REMINDER_MAILS_PER_DAY_MAX } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { CreateCirclePlanInput, UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const push = recordingPush();
const harness = useTestHarness({ push });
beforeEach(() => {
  push.sent.length = 0;
  push.answers.clear();
});

type Person = Awaited<ReturnType<typeof signedInCaller>>;

/** A verified user in `zone` with `devices` push subscriptions and the given preferences. */
async function person(
  zone = "UTC",
  options: {
    devices?: number;
    reminderPush?: boolean;
    reminderEmail?: boolean;
    digestEmail?: boolean;
    changePush?: boolean;
    timeFormat?: "24h" | "12h";
  } = {},
): Promise<Person> {
  const h = harness();
  // Push for changes is change-notifications.integration.test.ts's: here only reminders push.
  const { devices = 1, ...preferences } = { changePush: false, ...options };
  const who = await signedInCaller(h, { user: { timeZone: zone } });
  if (Object.keys(preferences).length > 0) {
    await h.db.db.update(users).set(preferences).where(eq(users.id, who.user.id));
  }
  for (let i = 1; i <= devices; i++) {
    await h.db.db.insert(pushSubscriptions).values({
      userId: who.user.id,
      endpoint: deviceOf(who, i),
      p256dh: "p256dh-key",
      auth: "auth-secret",
    });
  }
  return who;
}

const deviceOf = (who: Person, n = 1) => `https://push.test/u${who.user.id}/d${n}`;

/** The pushes recorded for `who`'s devices. */
const pushesTo = (who: Person) =>
  push.sent.filter((entry) => entry.endpoint.startsWith(`https://push.test/u${who.user.id}/`));

/** Every mail in the outbox (sandbox: nothing leaves), oldest first. */
async function outbox() {
  return harness().db.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}
const mailsTo = async (who: Person) =>
  (await outbox()).filter((mail) => mail.to === who.user.email);

/** One run of the job at `at`, as the schedule would start it. */
async function runAt(at: string | Date) {
  const h = harness();
  h.clock.set(new Date(at));
  return runScheduledJob(h.deps);
}

/** Runs at each instant and answers how many pushes and mails each run added. */
async function runsAt(instants: string[]) {
  const counts: { at: string; pushes: number; mails: number }[] = [];
  for (const at of instants) {
    const pushes = push.sent.length;
    const mails = (await outbox()).length;
    await runAt(at);
    counts.push({
      at,
      pushes: push.sent.length - pushes,
      mails: (await outbox()).length - mails,
    });
  }
  return counts;
}

async function circleOf(creator: Person, ...members: Person[]) {
  return createCircle(harness().deps, {
    creatorId: creator.user.id,
    members: members.map((member) => member.user.id),
  });
}

function plan(
  who: TestCaller,
  circleId: number,
  fields: Partial<Omit<CreateCirclePlanInput, "id">> & { startTime: Date },
) {
  return who.trpc.plans.createInCircle({ id: circleId, title: "Dentist", ...fields });
}

function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

const at = (iso: string) => new Date(iso);
const minutesBefore = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) - minutes * 60_000).toISOString();

describe("firing windows", () => {
  it("sends a reminder once, when it falls due, by push and by mail, in the recipient's words", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC", { timeFormat: "12h" });
    const circle = await circleOf(alice);
    const dentist = await plan(alice, circle.id, {
      title: "Dentist",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 hour before"],
      location: "Main Street 5",
    });

    expect(
      await runsAt([
        "2026-03-02T08:54:00Z",
        "2026-03-02T08:59:59.999Z",
        "2026-03-02T09:00:00Z",
        "2026-03-02T09:01:00Z",
        "2026-03-02T09:30:00Z",
      ]),
    ).toEqual([
      { at: "2026-03-02T08:54:00Z", pushes: 0, mails: 0 },
      { at: "2026-03-02T08:59:59.999Z", pushes: 0, mails: 0 },
      { at: "2026-03-02T09:00:00Z", pushes: 1, mails: 1 },
      { at: "2026-03-02T09:01:00Z", pushes: 0, mails: 0 },
      { at: "2026-03-02T09:30:00Z", pushes: 0, mails: 0 },
    ]);
    expect(push.sent[0]).toEqual({
      endpoint: deviceOf(alice),
      message: {
        title: "Reminder: Dentist",
        body: "Starting 10:00 AM",
        url: `/dashboard?date=2026-03-02&eventId=${dentist.id}`,
        tag: `${dentist.id}-1 hour before`,
      },
    });

    const [mail] = await outbox();
    expect(mail?.to).toBe(alice.user.email);
    expect(mail?.subject).toBe("Reminder: Dentist");
    expect(mail?.text).toContain("Dentist starts at 10:00 AM on Monday, March 2, 2026.");
    expect(mail?.text).toContain("Where: Main Street 5");
    expect(mail?.text).toContain(
      `http://localhost:3000/dashboard?date=2026-03-02&eventId=${dentist.id}`,
    );
    // A visible unsubscribe link in both bodies, and the one-click headers of RFC 8058.
    const page = /http:\/\/localhost:3000\/unsubscribe\?token=([^\s"]+)/.exec(mail?.text ?? "");
    expect(page).not.toBeNull();
    expect(mail?.html).toContain(`http://localhost:3000/unsubscribe?token=${page?.[1]}`);
    expect(readUnsubscribeToken(h.deps.secretKey, decodeURIComponent(page?.[1] ?? ""))).toEqual({
      userId: alice.user.id,
      kind: "reminders",
    });
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/api/notifications/unsubscribe?token=${page?.[1]}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("escapes what users typed in the mail's HTML", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC", { devices: 0 });
    const circle = await circleOf(alice);
    await plan(alice, circle.id, {
      title: "<b>Party</b> & cake",
      description: 'Bring "snacks" <script>alert(1)</script>',
      startTime: at("2026-03-02T09:00:00Z"),
      reminderTimes: ["30 minutes before"],
    });
    await runsAt(["2026-03-02T08:25:00Z", "2026-03-02T08:30:00Z"]);
    const [mail] = await outbox();
    expect(mail?.subject).toBe("Reminder: <b>Party</b> & cake");
    expect(mail?.html).toContain("&lt;b&gt;Party&lt;/b&gt; &amp; cake");
    expect(mail?.html).toContain("Bring &quot;snacks&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail?.html).not.toContain("<script>");
  });

  it("sends a 2-minute reminder and one a week ahead at their own times", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    const soon = await plan(alice, circle.id, {
      title: "Call mum",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["2 minutes before"],
    });
    const later = await plan(alice, circle.id, {
      title: "Flight",
      startTime: at("2026-03-09T10:00:00Z"),
      reminderTimes: ["1 week before"],
    });
    expect(
      await runsAt([
        "2026-03-02T09:55:00Z",
        "2026-03-02T09:57:59Z",
        "2026-03-02T09:58:00Z",
        "2026-03-02T09:59:59Z",
        "2026-03-02T10:00:00Z",
      ]),
    ).toMatchObject([{ pushes: 0 }, { pushes: 0 }, { pushes: 1 }, { pushes: 0 }, { pushes: 1 }]);
    expect(push.sent.map((entry) => entry.message.tag)).toEqual([
      `${soon.id}-2 minutes before`,
      `${later.id}-1 week before`,
    ]);
    expect(push.sent[1]?.message.url).toBe(`/dashboard?date=2026-03-09&eventId=${later.id}`);
  });

  it("sends custom reminders (decision 011) at their own minute, a timed and an all-day one", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    const lesson = await plan(alice, circle.id, {
      title: "Piano lesson",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["45 minutes before", "1 hour before"],
    });
    const fair = await plan(alice, circle.id, {
      title: "Book fair",
      allDay: true,
      date: "2026-03-06",
      startTime: at("2026-03-06T12:00:00Z"),
      reminderTimes: ["3 days before"],
    });
    expect(lesson.reminderMinutes).toEqual([45, 60]);
    expect(
      await runsAt([
        "2026-03-02T09:00:00Z",
        "2026-03-02T09:14:59Z",
        "2026-03-02T09:15:00Z",
        "2026-03-02T09:16:00Z",
        "2026-03-03T00:00:00Z",
      ]),
    ).toMatchObject([{ pushes: 1 }, { pushes: 0 }, { pushes: 1 }, { pushes: 0 }, { pushes: 1 }]);
    expect(push.sent.map((entry) => entry.message.tag)).toEqual([
      `${lesson.id}-1 hour before`,
      `${lesson.id}-45 minutes before`,
      `${fair.id}-3 days before`,
    ]);
  });

  it("still sends a reminder found at the plan's start, but none found later, nor one from before the catch-up limit", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    // Due 09:59; the 5-minute schedule finds it at 10:00, at the start: it goes.
    const atStart = await plan(alice, circle.id, {
      title: "At start",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 minute before"],
    });
    // Due 10:59; the job misses its runs until 11:06: the plan began 6 minutes ago.
    await plan(alice, circle.id, {
      title: "Missed",
      startTime: at("2026-03-02T11:00:00Z"),
      reminderTimes: ["1 minute before"],
    });
    // Next day: one due 3 hours before a run after an outage (beyond the hour of catch-up),
    // one due 30 minutes before it (within it, and its plan still ahead).
    await plan(alice, circle.id, {
      title: "Too old",
      startTime: at("2026-03-04T09:00:00Z"),
      reminderTimes: ["24 hours before"],
    });
    const caughtUp = await plan(alice, circle.id, {
      title: "Caught up",
      startTime: at("2026-03-04T11:30:00Z"),
      reminderTimes: ["24 hours before"],
    });
    await runsAt([
      "2026-03-02T09:55:00Z",
      "2026-03-02T10:00:00Z",
      "2026-03-02T10:50:00Z",
      "2026-03-02T11:06:00Z",
      "2026-03-03T12:00:00Z",
    ]);
    expect(push.sent.map((entry) => entry.message.title)).toEqual([
      "Reminder: At start",
      "Reminder: Caught up",
    ]);
    expect(push.sent.map((entry) => entry.message.tag)).toEqual([
      `${atStart.id}-1 minute before`,
      `${caughtUp.id}-24 hours before`,
    ]);
    expect((await outbox()).map((mail) => mail.subject)).toEqual([
      "Reminder: At start",
      "Reminder: Caught up",
    ]);
  });
});

describe("DST days and series", () => {
  /** Runs a minute before, at, and an hour after each due instant; expects one push at each. */
  async function expectOnceAt(dues: string[]) {
    const instants = dues.flatMap((due) => [minutesBefore(due, 1), due, minutesBefore(due, -60)]);
    const counts = await runsAt(instants);
    expect(counts.map((count) => count.pushes)).toEqual(dues.flatMap(() => [0, 1, 0]));
  }

  it("reminds a 09:00 New York series at 08:00 New York time across the spring change", async () => {
    const h = harness();
    h.clock.set(at("2026-03-05T12:00:00Z"));
    const ny = await person("America/New_York");
    const circle = await circleOf(ny);
    const series = await plan(ny, circle.id, {
      title: "Standup",
      startTime: at("2026-03-06T14:00:00Z"), // 09:00 EST
      reminderTimes: ["1 hour before"],
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceCount: 5,
    });
    // 09:00 is 14:00Z until 8 March, then 13:00Z (EDT).
    await expectOnceAt([
      "2026-03-06T13:00:00Z",
      "2026-03-07T13:00:00Z",
      "2026-03-08T12:00:00Z",
      "2026-03-09T12:00:00Z",
      "2026-03-10T12:00:00Z",
    ]);
    expect(new Set(push.sent.map((entry) => entry.message.body))).toEqual(
      new Set(["Starting 9:00 AM"]),
    );
    expect(push.sent.map((entry) => entry.message.url)).toEqual(
      ["06", "07", "08", "09", "10"].map(
        (day) => `/dashboard?date=2026-03-${day}&eventId=${series.id}`,
      ),
    );
    // One record per occurrence: each is reminded on its own.
    const rows = await h.db.db.select().from(reminderDeliveries);
    expect(new Set(rows.map((row) => row.occurrenceKey)).size).toBe(5);
  });

  it("and across the autumn change", async () => {
    const h = harness();
    h.clock.set(at("2026-10-29T12:00:00Z"));
    const ny = await person("America/New_York");
    const circle = await circleOf(ny);
    await plan(ny, circle.id, {
      title: "Standup",
      startTime: at("2026-10-30T13:00:00Z"), // 09:00 EDT
      reminderTimes: ["1 hour before"],
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceCount: 4,
    });
    // Clocks go back on 1 November: 09:00 becomes 14:00Z.
    await expectOnceAt([
      "2026-10-30T12:00:00Z",
      "2026-10-31T12:00:00Z",
      "2026-11-01T13:00:00Z",
      "2026-11-02T13:00:00Z",
    ]);
    expect(new Set(push.sent.map((entry) => entry.message.body))).toEqual(
      new Set(["Starting 9:00 AM"]),
    );
  });

  it("reminds a weekly Berlin series in Berlin time, and its UTC assignee in theirs", async () => {
    const h = harness();
    h.clock.set(at("2026-03-20T12:00:00Z"));
    const berlin = await person("Europe/Berlin");
    const london = await person("UTC");
    const circle = await circleOf(berlin, london);
    const market = await plan(berlin, circle.id, {
      title: "Market",
      startTime: at("2026-03-22T08:00:00Z"), // Sunday 09:00 CET
      reminderTimes: ["2 hours before"],
      assignedTo: london.user.id,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceCount: 3,
    });
    await london.trpc.tasks.accept({ id: market.id });
    // Summer time from 29 March: 09:00 is 07:00Z.
    const counts = await runsAt(
      ["2026-03-22T06:00:00Z", "2026-03-29T05:00:00Z", "2026-04-05T05:00:00Z"].flatMap((due) => [
        minutesBefore(due, 1),
        due,
      ]),
    );
    expect(counts.map((count) => count.pushes)).toEqual([0, 2, 0, 2, 0, 2]);
    expect(pushesTo(berlin).map((entry) => entry.message.body)).toEqual([
      "Starting 9:00 AM",
      "Starting 9:00 AM",
      "Starting 9:00 AM",
    ]);
    expect(pushesTo(london).map((entry) => entry.message.body)).toEqual([
      "Starting 8:00 AM",
      "Starting 7:00 AM",
      "Starting 7:00 AM",
    ]);
  });

  it("follows an occurrence moved, cancelled, or with reminders of its own", async () => {
    const h = harness();
    h.clock.set(at("2026-03-01T12:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    const series = await plan(alice, circle.id, {
      title: "Swim",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 hour before"],
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceCount: 5,
    });
    await update(alice, {
      id: series.id,
      occurrenceStart: at("2026-03-09T10:00:00Z"),
      scope: "occurrence",
      startTime: at("2026-03-09T12:00:00Z"),
    });
    await alice.trpc.plans.delete({
      id: series.id,
      occurrenceStart: at("2026-03-16T10:00:00Z"),
      scope: "occurrence",
    });
    await update(alice, {
      id: series.id,
      occurrenceStart: at("2026-03-23T10:00:00Z"),
      scope: "occurrence",
      reminderTimes: ["15 minutes before"],
      title: "Swim gala",
    });
    const counts = await runsAt([
      "2026-03-02T09:00:00Z",
      "2026-03-09T09:00:00Z", // moved: its old time sends nothing
      "2026-03-09T11:00:00Z",
      "2026-03-16T09:00:00Z", // cancelled
      "2026-03-23T09:00:00Z", // its own reminder is 15 minutes before
      "2026-03-23T09:45:00Z",
      "2026-03-30T09:00:00Z",
    ]);
    expect(counts.map((count) => count.pushes)).toEqual([1, 0, 1, 0, 0, 1, 1]);
    expect(push.sent.map((entry) => [entry.message.title, entry.message.body])).toEqual([
      ["Reminder: Swim", "Starting 10:00 AM"],
      ["Reminder: Swim", "Starting 12:00 PM"],
      ["Reminder: Swim gala", "Starting 10:00 AM"],
      ["Reminder: Swim", "Starting 10:00 AM"],
    ]);
    expect(push.sent[2]?.message.tag).toBe(`${series.id}-15 minutes before`);
  });

  it("reminds a plan moved later again at its new time, once", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    const dentist = await plan(alice, circle.id, {
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 hour before"],
    });
    await runsAt(["2026-03-02T08:55:00Z", "2026-03-02T09:00:00Z"]);
    await update(alice, { id: dentist.id, startTime: at("2026-03-02T10:30:00Z") });
    const counts = await runsAt([
      "2026-03-02T09:25:00Z",
      "2026-03-02T09:30:00Z",
      "2026-03-02T09:35:00Z",
    ]);
    expect(counts.map((count) => count.pushes)).toEqual([0, 1, 0]);
    expect(push.sent.map((entry) => entry.message.body)).toEqual([
      "Starting 10:00 AM",
      "Starting 10:30 AM",
    ]);
  });

  it("writes a series' occurrences further when they run out, and reminds them", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC");
    const circle = await circleOf(alice);
    // The factory leaves a series unwritten, as one untouched since its horizon passed would be.
    const series = await createPlan(h.deps, {
      circleId: circle.id,
      creatorId: alice.user.id,
      title: "Yoga",
      startsAt: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 hour before"],
      recurrence: {
        type: "daily",
        interval: 1,
        weekdaysOnly: false,
        daysOfWeek: null,
        monthlyBy: null,
        weekOfMonth: null,
        count: null,
        until: null,
      },
    });
    expect(
      await h.db.db.select().from(planOccurrences).where(eq(planOccurrences.planId, series.id)),
    ).toHaveLength(0);
    const report = await runAt("2026-03-02T09:00:00Z");
    expect(report.series).toBe(1);
    expect(push.sent.map((entry) => entry.message.title)).toEqual(["Reminder: Yoga"]);
  });
});

describe("all-day plans and zones far apart", () => {
  it("reminds an all-day plan from midnight of its day in the plan's zone, and names the day", async () => {
    const h = harness();
    h.clock.set(at("2026-03-05T12:00:00Z"));
    const la = await person("America/Los_Angeles");
    const tokyo = await person("Asia/Tokyo");
    const circle = await circleOf(la, tokyo);
    const dayOut = await plan(la, circle.id, {
      title: "School trip",
      allDay: true,
      date: "2026-03-10",
      startTime: at("2026-03-10T12:00:00Z"),
      reminderTimes: ["1 day before"],
      assignedTo: tokyo.user.id,
    });
    await tokyo.trpc.tasks.accept({ id: dayOut.id });
    // Midnight of 10 March in Los Angeles (PDT) is 07:00Z; a day before is 9 March 07:00Z.
    const counts = await runsAt(["2026-03-09T06:59:00Z", "2026-03-09T07:00:00Z"]);
    expect(counts.map((count) => count.pushes)).toEqual([0, 2]);
    for (const who of [la, tokyo]) {
      expect(pushesTo(who).map((entry) => entry.message)).toEqual([
        {
          title: "Reminder: School trip",
          body: "All day on Tuesday, March 10",
          url: `/dashboard?date=2026-03-10&eventId=${dayOut.id}`,
          tag: `${dayOut.id}-1 day before`,
        },
      ]);
      expect((await mailsTo(who))[0]?.text).toContain(
        "School trip starts on Tuesday, March 10, 2026 (all day).",
      );
    }
  });

  it("speaks to each recipient in their own zone and clock: a task from Auckland (12-hour) to Los Angeles (24-hour)", async () => {
    const h = harness();
    h.clock.set(at("2026-03-09T12:00:00Z"));
    const auckland = await person("Pacific/Auckland", { timeFormat: "12h" });
    const la = await person("America/Los_Angeles", { timeFormat: "24h" });
    const circle = await circleOf(auckland, la);
    const task = await plan(auckland, circle.id, {
      title: "Book the vet",
      startTime: at("2026-03-10T20:00:00Z"),
      reminderTimes: ["30 minutes before"],
      assignedTo: la.user.id,
    });
    await la.trpc.tasks.accept({ id: task.id });
    await runsAt(["2026-03-10T19:25:00Z", "2026-03-10T19:30:00Z"]);
    expect(pushesTo(auckland).map((entry) => [entry.message.body, entry.message.url])).toEqual([
      ["Starting 9:00 AM", `/dashboard?date=2026-03-11&eventId=${task.id}`],
    ]);
    expect(pushesTo(la).map((entry) => [entry.message.body, entry.message.url])).toEqual([
      ["Starting 13:00", `/dashboard?date=2026-03-10&eventId=${task.id}`],
    ]);
    expect((await mailsTo(auckland))[0]?.text).toContain(
      "Book the vet starts at 9:00 AM on Wednesday, March 11, 2026.",
    );
    expect((await mailsTo(la))[0]?.text).toContain(
      "Book the vet starts at 13:00 on Tuesday, March 10, 2026.",
    );
  });

  it("writes the spec's 'Starting 5:00 PM' for a person who never chose a clock, and each chosen clock as chosen", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T12:00:00Z"));
    const notChosen = await person("UTC");
    const twentyFour = await person("UTC", { timeFormat: "24h" });
    const twelve = await person("UTC", { timeFormat: "12h" });
    for (const who of [notChosen, twentyFour, twelve]) {
      await plan(who, (await circleOf(who)).id, {
        title: "Swim",
        startTime: at("2026-03-02T17:00:00Z"),
        reminderTimes: ["1 hour before"],
      });
    }
    await runsAt(["2026-03-02T16:00:00Z"]);
    const said = async (who: Person) => [
      pushesTo(who).map((entry) => entry.message.body),
      /Swim starts at (.+) on Monday/.exec((await mailsTo(who))[0]?.text ?? "")?.[1],
    ];
    expect(await said(notChosen)).toEqual([["Starting 5:00 PM"], "5:00 PM"]);
    expect(await said(twentyFour)).toEqual([["Starting 17:00"], "17:00"]);
    expect(await said(twelve)).toEqual([["Starting 5:00 PM"], "5:00 PM"]);
  });
});

describe("what sends nothing", () => {
  async function cast() {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const creator = await person("UTC");
    const assignee = await person("UTC");
    const circle = await circleOf(creator, assignee);
    const make = (title: string, fields: Partial<Omit<CreateCirclePlanInput, "id">> = {}) =>
      plan(creator, circle.id, {
        title,
        startTime: at("2026-03-02T10:00:00Z"),
        reminderTimes: ["1 hour before"],
        ...fields,
      });
    return { h, creator, assignee, circle, make };
  }
  const due = ["2026-03-02T08:55:00Z", "2026-03-02T09:00:00Z"];

  it("deleted, completed, withdrawn (by the creator, or by the assignee's removal): nothing; declined: the creator only", async () => {
    const { h, creator, assignee, circle, make } = await cast();
    const deleted = await make("Deleted");
    await creator.trpc.plans.delete({ id: deleted.id });
    const completed = await make("Completed");
    await creator.trpc.plans.complete({ id: completed.id, isCompleted: true });
    const withdrawn = await make("Withdrawn", { assignedTo: assignee.user.id });
    await creator.trpc.tasks.cancel({ id: withdrawn.id });
    const declined = await make("Declined", { assignedTo: assignee.user.id });
    await assignee.trpc.tasks.decline({ id: declined.id, reason: "Away" });
    const leaver = await person("UTC");
    await h.db.db
      .insert(circleMembers)
      .values({ circleId: circle.id, userId: leaver.user.id, role: "member" });
    await make("Removed", { assignedTo: leaver.user.id });
    // A plan whose creator is no longer a member reminds nobody: they cannot see it.
    const former = await person("UTC");
    await h.db.db
      .insert(circleMembers)
      .values({ circleId: circle.id, userId: former.user.id, role: "member" });
    await plan(former, circle.id, {
      title: "Former",
      startTime: at("2026-03-02T10:00:00Z"),
      reminderTimes: ["1 hour before"],
    });
    await creator.trpc.circles.removeMember({ id: circle.id, userId: leaver.user.id });
    await creator.trpc.circles.removeMember({ id: circle.id, userId: former.user.id });
    await runsAt(due);
    expect(pushesTo(assignee)).toEqual([]);
    expect(pushesTo(leaver)).toEqual([]);
    expect(pushesTo(former)).toEqual([]);
    expect(pushesTo(creator).map((entry) => entry.message.title)).toEqual(["Reminder: Declined"]);
    expect((await outbox()).map((mail) => [mail.to, mail.subject])).toEqual([
      [creator.user.email, "Reminder: Declined"],
    ]);
  });

  it("a completed occurrence of a series sends nothing; the next one does", async () => {
    const { creator, make } = await cast();
    const series = await make("Run", {
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceCount: 2,
    });
    await creator.trpc.plans.complete({
      id: series.id,
      isCompleted: true,
      occurrenceStart: at("2026-03-02T10:00:00Z"),
    });
    const counts = await runsAt([...due, "2026-03-03T08:55:00Z", "2026-03-03T09:00:00Z"]);
    expect(counts.map((count) => count.pushes)).toEqual([0, 0, 0, 1]);
  });

  it("each channel only when its preference is on; push only with a device", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const noMail = await person("UTC", { reminderEmail: false });
    const noPush = await person("UTC", { reminderPush: false });
    const neither = await person("UTC", { reminderPush: false, reminderEmail: false });
    const noDevice = await person("UTC", { devices: 0 });
    for (const who of [noMail, noPush, neither, noDevice]) {
      const circle = await circleOf(who);
      await plan(who, circle.id, {
        title: `For ${who.user.id}`,
        startTime: at("2026-03-02T10:00:00Z"),
        reminderTimes: ["1 hour before"],
      });
    }
    await runsAt(due);
    expect(pushesTo(noMail)).toHaveLength(1);
    expect(await mailsTo(noMail)).toHaveLength(0);
    expect(pushesTo(noPush)).toHaveLength(0);
    expect(await mailsTo(noPush)).toHaveLength(1);
    expect(pushesTo(neither)).toHaveLength(0);
    expect(await mailsTo(neither)).toHaveLength(0);
    expect(await mailsTo(noDevice)).toHaveLength(1);
    const rows = await h.db.db.select().from(reminderDeliveries);
    const statusOf = (who: Person) =>
      rows
        .filter((row) => row.userId === who.user.id)
        .map((row) => [row.pushStatus, row.emailStatus]);
    expect(statusOf(noMail)).toEqual([["sent", "none"]]);
    expect(statusOf(noPush)).toEqual([["none", "queued"]]);
    expect(statusOf(neither)).toEqual([]);
    expect(statusOf(noDevice)).toEqual([["none", "queued"]]);
  });

  it("removes a device the push service says is gone, and still reaches the others", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const alice = await person("UTC", { devices: 2 });
    const bob = await person("UTC", { devices: 1 });
    push.answers.set(deviceOf(alice, 1), "gone");
    push.answers.set(deviceOf(bob, 1), "gone");
    for (const who of [alice, bob]) {
      const circle = await circleOf(who);
      await plan(who, circle.id, {
        startTime: at("2026-03-02T10:00:00Z"),
        reminderTimes: ["1 hour before"],
      });
    }
    await runsAt(due);
    expect(pushesTo(alice).map((entry) => entry.endpoint)).toEqual([deviceOf(alice, 2)]);
    expect(pushesTo(bob)).toEqual([]);
    const devices = await h.db.db.select().from(pushSubscriptions);
    expect(devices.map((device) => device.endpoint)).toEqual([deviceOf(alice, 2)]);
    expect(devices[0]?.lastSentAt).toEqual(at("2026-03-02T09:00:00Z"));
    const rows = await h.db.db.select().from(reminderDeliveries).orderBy(reminderDeliveries.userId);
    expect(rows.map((row) => row.pushStatus)).toEqual(["sent", "none"]);
  });
});

describe("a member cannot flood another member's mailbox", () => {
  it("reminds an assignee only once they accept: 20 tasks with two reminders each send nothing to someone who never accepted", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const sender = await person("UTC");
    const target = await person("UTC");
    const bystander = await person("UTC");
    const circle = await circleOf(sender, target, bystander);
    const tasks = [];
    for (let i = 0; i < 20; i++) {
      tasks.push(
        await plan(sender, circle.id, {
          title: `Chore ${i}`,
          startTime: at("2026-03-02T10:00:00Z"),
          reminderTimes: ["1 hour before", "2 hours before"],
          assignedTo: target.user.id,
        }),
      );
    }
    const [accepted, declined] = tasks as [(typeof tasks)[0], (typeof tasks)[0]];
    await target.trpc.tasks.accept({ id: accepted.id });
    await target.trpc.tasks.decline({ id: declined.id, reason: "Not mine" });

    await runsAt(["2026-03-02T07:59:00Z", "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z"]);
    // The one accepted reminds them, by both reminders, on both channels; the others nothing.
    expect((await mailsTo(target)).map((mail) => mail.subject)).toEqual([
      "Reminder: Chore 0",
      "Reminder: Chore 0",
    ]);
    expect(pushesTo(target)).toHaveLength(2);
    expect(await mailsTo(bystander)).toEqual([]);
    expect(pushesTo(bystander)).toEqual([]);
    // The sender made them: their own reminders are theirs (and capped like anyone's).
    expect(pushesTo(sender)).toHaveLength(40);
    expect(await mailsTo(sender)).toHaveLength(REMINDER_MAILS_PER_DAY_MAX);
  });

  it("caps reminder mail at the day's limit in the recipient's zone: the last one says so, the rest go by push only, the next day mails again", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const busy = await person("America/New_York");
    const circle = await circleOf(busy);
    const over = 5;
    for (let i = 0; i < REMINDER_MAILS_PER_DAY_MAX + over; i++) {
      await plan(busy, circle.id, {
        title: `Plan ${String(i).padStart(2, "0")}`,
        startTime: at("2026-03-02T15:00:00Z"), // 10:00 in New York
        reminderTimes: ["1 hour before"],
      });
    }
    // 22:30 on 2 March in New York (already 3 March in UTC), then 00:00 on 3 March there.
    await plan(busy, circle.id, {
      title: "Late",
      startTime: at("2026-03-03T04:30:00Z"),
      reminderTimes: ["1 hour before"],
    });
    await plan(busy, circle.id, {
      title: "Tomorrow",
      startTime: at("2026-03-03T06:00:00Z"),
      reminderTimes: ["1 hour before"],
    });

    const counts = await runsAt([
      "2026-03-02T13:59:00Z",
      "2026-03-02T14:00:00Z",
      "2026-03-03T03:29:00Z",
      "2026-03-03T03:30:00Z",
      "2026-03-03T04:59:00Z",
      "2026-03-03T05:00:00Z",
    ]);
    expect(counts.map((count) => [count.mails, count.pushes])).toEqual([
      [0, 0],
      [REMINDER_MAILS_PER_DAY_MAX, REMINDER_MAILS_PER_DAY_MAX + over],
      [0, 0],
      [0, 1],
      [0, 0],
      [1, 1],
    ]);
    const mails = await mailsTo(busy);
    const note = `Circleplan mails at most ${REMINDER_MAILS_PER_DAY_MAX} reminders a day and this is today's last`;
    // Mailed in the order they fell due (then by plan): the 20th says it is the last.
    expect(mails.map((mail) => mail.subject)).toEqual([
      ...Array.from(
        { length: REMINDER_MAILS_PER_DAY_MAX },
        (_, i) => `Reminder: Plan ${String(i).padStart(2, "0")}`,
      ),
      "Reminder: Tomorrow",
    ]);
    const last = mails[REMINDER_MAILS_PER_DAY_MAX - 1];
    expect(last?.text).toContain(`And ${over} more reminders are due now. ${note}`);
    expect(last?.html).toContain(note.replace("'", "&#39;"));
    expect(mails.filter((mail) => mail.text?.includes(note))).toHaveLength(1);
    const rows = await h.db.db.select().from(reminderDeliveries);
    expect(rows.filter((row) => row.emailStatus === "capped")).toHaveLength(over + 1);
    expect(rows.filter((row) => row.emailStatus === "queued")).toHaveLength(
      REMINDER_MAILS_PER_DAY_MAX + 1,
    );
  });

  it("keeps the cap when two runs claim different reminders at once (the day's counter waits for the first)", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const busy = await person("UTC", { devices: 0 });
    const circle = await circleOf(busy);
    for (const start of ["2026-03-02T10:00:00Z", "2026-03-02T11:00:00Z"]) {
      for (let i = 0; i < 15; i++) {
        await plan(busy, circle.id, { startTime: at(start), reminderTimes: ["1 hour before"] });
      }
    }
    h.clock.set(at("2026-03-02T10:00:00Z"));
    const reports = await Promise.all([
      claimDueReminders(
        h.deps,
        reminderWindow(at("2026-03-02T08:30:00Z"), at("2026-03-02T09:30:00Z")),
      ),
      claimDueReminders(
        h.deps,
        reminderWindow(at("2026-03-02T09:30:00Z"), at("2026-03-02T10:00:00Z")),
      ),
    ]);
    expect(reports.map((report) => report.claimed)).toEqual([15, 15]);
    expect(reports[0].emails + reports[1].emails).toBe(REMINDER_MAILS_PER_DAY_MAX);
    expect(await mailsTo(busy)).toHaveLength(REMINDER_MAILS_PER_DAY_MAX);
  });
});

describe("the morning digest", () => {
  it("comes at 07:00 in each user's zone and clock, once a day, with today's plans and the tasks waiting", async () => {
    const h = harness();
    h.clock.set(at("2026-03-09T12:00:00Z"));
    const auckland = await person("Pacific/Auckland", {
      digestEmail: true,
      devices: 0,
      timeFormat: "12h",
    });
    const la = await person("America/Los_Angeles", { digestEmail: true, devices: 0 });
    const idle = await person("America/Los_Angeles", { digestEmail: true, devices: 0 });
    const notAsked = await person("America/Los_Angeles", { devices: 0 });
    const circle = await circleOf(auckland, la, notAsked);
    await plan(auckland, circle.id, {
      title: "Book the vet",
      startTime: at("2026-03-10T20:00:00Z"), // 9:00 AM 11 March in Auckland, 13:00 10 March in LA
      reminderTimes: [],
      assignedTo: la.user.id,
    });
    await plan(auckland, circle.id, {
      title: "Picnic",
      allDay: true,
      date: "2026-03-10",
      startTime: at("2026-03-10T00:00:00Z"),
      reminderTimes: [],
    });
    await plan(la, circle.id, {
      title: "Done already",
      startTime: at("2026-03-10T18:00:00Z"),
      reminderTimes: [],
    }).then((done) => la.trpc.plans.complete({ id: done.id, isCompleted: true }));

    // 07:00 in Los Angeles (PDT) on 10 March is 14:00Z; in Auckland (NZDT) on 11 March, 18:00Z.
    const counts = await runsAt([
      "2026-03-10T13:55:00Z",
      "2026-03-10T14:00:00Z",
      "2026-03-10T14:05:00Z",
      "2026-03-10T17:58:00Z",
      "2026-03-10T18:00:00Z",
      "2026-03-10T18:01:00Z",
    ]);
    expect(counts.map((count) => count.mails)).toEqual([0, 1, 0, 0, 1, 0]);

    const [laMail] = await mailsTo(la);
    expect(laMail?.subject).toBe("Your day on Circleplan: Tuesday, March 10");
    expect(laMail?.text).toContain("You have 2 plans today.");
    expect(laMail?.text).toContain(`- All day  Picnic (${circle.name})`);
    expect(laMail?.text).toContain(`- 13:00  Book the vet (${circle.name})`);
    expect(laMail?.text).toContain(
      `Waiting for your answer\n- Tuesday, March 10, 13:00  Book the vet (${circle.name}, from ${auckland.user.firstName} ${auckland.user.lastName})`,
    );
    expect(laMail?.text).not.toContain("Done already");
    expect(laMail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const token = /unsubscribe\?token=([^\s>]+)/.exec(laMail?.headers?.["List-Unsubscribe"] ?? "");
    expect(readUnsubscribeToken(h.deps.secretKey, decodeURIComponent(token?.[1] ?? ""))).toEqual({
      userId: la.user.id,
      kind: "digest",
    });

    const [aucklandMail] = await mailsTo(auckland);
    expect(aucklandMail?.subject).toBe("Your day on Circleplan: Wednesday, March 11");
    expect(aucklandMail?.text).toContain(`- 9:00 AM  Book the vet (${circle.name})`);
    expect(aucklandMail?.text).toContain(
      `Waiting for others to answer\n- Wednesday, March 11, 9:00 AM  Book the vet (${circle.name}, for ${la.user.firstName} ${la.user.lastName})`,
    );
    // Nothing to tell, or not asked for: no mail.
    expect(await mailsTo(idle)).toEqual([]);
    expect(await mailsTo(notAsked)).toEqual([]);

    // The next morning in Los Angeles: the task still waits, so another digest, once.
    const next = await runsAt([
      "2026-03-11T13:58:00Z",
      "2026-03-11T14:00:00Z",
      "2026-03-11T14:00:30Z",
    ]);
    expect(next.map((count) => count.mails)).toEqual([0, 1, 0]);
    const days = await h.db.db.select().from(digestDeliveries).orderBy(digestDeliveries.day);
    expect(days.map((row) => [row.userId, row.day])).toEqual([
      [la.user.id, "2026-03-10"],
      [auckland.user.id, "2026-03-11"],
      [la.user.id, "2026-03-11"],
    ]);
  });

  it("leaves a withdrawn task out of its former assignee's day, not out of its creator's", async () => {
    const h = harness();
    h.clock.set(at("2026-03-09T12:00:00Z"));
    const creator = await person("UTC", { digestEmail: true, devices: 0 });
    const assignee = await person("UTC", { digestEmail: true, devices: 0 });
    const circle = await circleOf(creator, assignee);
    const task = await plan(creator, circle.id, {
      title: "Mow the lawn",
      startTime: at("2026-03-10T15:00:00Z"),
      reminderTimes: [],
      assignedTo: assignee.user.id,
    });
    await plan(creator, circle.id, {
      title: "Lunch",
      startTime: at("2026-03-10T12:00:00Z"),
      reminderTimes: [],
    });
    await creator.trpc.tasks.cancel({ id: task.id });
    await runAt("2026-03-10T06:58:00Z");
    await runAt("2026-03-10T07:00:00Z");
    const [assigneeMail] = await mailsTo(assignee);
    expect(assigneeMail?.text).toContain("You have 1 plan today.");
    // Only "What changed since yesterday" names it: assigned to them, then taken back.
    const [today, changes] = (assigneeMail?.text ?? "").split(
      notificationMessages.digestChangesHeading,
    );
    expect(today).not.toContain("Mow the lawn");
    expect(changes).toContain("took Mow the lawn back from you");
    const [creatorMail] = await mailsTo(creator);
    expect(creatorMail?.text).toContain("You have 2 plans today.");
    expect(creatorMail?.text).toContain("Mow the lawn");
  });

  it("is not sent twice when the same morning is run again", async () => {
    const h = harness();
    h.clock.set(at("2026-03-09T12:00:00Z"));
    const alice = await person("UTC", { digestEmail: true, devices: 0 });
    const circle = await circleOf(alice);
    await plan(alice, circle.id, { startTime: at("2026-03-10T12:00:00Z"), reminderTimes: [] });
    await runAt("2026-03-10T06:58:00Z");
    await Promise.all([runAt("2026-03-10T07:00:00Z"), runAt("2026-03-10T07:00:00Z")]);
    // A run whose record of how far it got was lost looks back again: the claim still holds.
    await h.db.db.execute(sql`delete from scheduled_runs`);
    await runAt("2026-03-10T07:01:00Z");
    expect(await mailsTo(alice)).toHaveLength(1);
  });
});

describe("exactly once", () => {
  /** Three people each with a plan due at 09:00 (two tasks a fourth accepted): 5 reminders. */
  async function dueAtNine() {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    const people = [await person("UTC"), await person("UTC"), await person("UTC")];
    const assignee = await person("UTC");
    for (const [i, who] of people.entries()) {
      const circle = await circleOf(who, assignee);
      const made = await plan(who, circle.id, {
        title: `Plan ${i}`,
        startTime: at("2026-03-02T10:00:00Z"),
        reminderTimes: ["1 hour before"],
        ...(i < 2 ? { assignedTo: assignee.user.id } : {}),
      });
      if (i < 2) await assignee.trpc.tasks.accept({ id: made.id });
    }
    await runAt("2026-03-02T08:58:00Z");
    h.clock.set(at("2026-03-02T09:00:00Z"));
    return { h, people, assignee, all: [...people, assignee] };
  }

  async function expectEachOnce(all: Person[], perPerson: number[]) {
    expect(all.map((who) => pushesTo(who).length)).toEqual(perPerson);
    expect(await Promise.all(all.map(async (who) => (await mailsTo(who)).length))).toEqual(
      perPerson,
    );
    const tags = push.sent.map((entry) => `${entry.endpoint} ${entry.message.tag}`);
    expect(new Set(tags).size).toBe(tags.length);
  }

  it("two runs started together send each mail and each push once", async () => {
    const { h, all } = await dueAtNine();
    await Promise.all([runScheduledJob(h.deps), runScheduledJob(h.deps), runScheduledJob(h.deps)]);
    await expectEachOnce(all, [1, 1, 1, 2]);
    expect(await h.db.db.select().from(reminderDeliveries)).toHaveLength(5);
  });

  it("a run that died after claiming is finished by the next: push sent, mail not queued again", async () => {
    const { h, all } = await dueAtNine();
    // The dead run got as far as its claim (and the mail queued with it).
    await claimDueReminders(h.deps, reminderWindow(at("2026-03-02T08:58:00Z"), h.clock.now()));
    expect(push.sent).toHaveLength(0);
    await runAt("2026-03-02T09:01:00Z");
    await runAt("2026-03-02T09:02:00Z");
    await expectEachOnce(all, [1, 1, 1, 2]);
  });

  it("a push that failed is tried again by the next run, and given up after 5 tries", async () => {
    const { h, people, assignee, all } = await dueAtNine();
    const [first, second] = people as [Person, Person, Person];
    push.answers.set(deviceOf(first), new Error("push service unavailable"));
    push.answers.set(deviceOf(second), new Error("push service unavailable"));
    const report = await runScheduledJob(h.deps);
    expect(report.push).toMatchObject({ sent: 3, retrying: 2 });
    push.answers.delete(deviceOf(first));
    await runAt("2026-03-02T09:01:00Z");
    await expectEachOnce(
      all.filter((who) => who !== second),
      [1, 1, 2],
    );
    expect(pushesTo(second)).toHaveLength(0);
    for (const minute of ["02", "03", "04", "05"]) await runAt(`2026-03-02T09:${minute}:00Z`);
    const rows = await h.db.db.select().from(reminderDeliveries);
    const seconds = rows.filter((row) => row.userId === second.user.id);
    expect(seconds.map((row) => [row.pushStatus, row.attempts])).toEqual([["failed", 5]]);
    expect(pushesTo(assignee)).toHaveLength(2);
  });

  it("a push still waiting when its plan has begun is given up, not sent late", async () => {
    const { h, people } = await dueAtNine();
    const [late] = people as [Person, Person, Person];
    push.answers.set(deviceOf(late), new Error("push service unavailable"));
    await runScheduledJob(h.deps);
    push.answers.delete(deviceOf(late));
    const report = await runAt("2026-03-02T10:06:00Z");
    expect(report.push).toMatchObject({ sent: 0, failed: 1 });
    expect(pushesTo(late)).toHaveLength(0);
  });

  it("a run that dies while sending leaves what it held to the next run once its lease is over", async () => {
    const { h, people, all } = await dueAtNine();
    const [stuck] = people as [Person, Person, Person];
    // The dying run's send to this device never returns (the process was killed there).
    push.answers.set(deviceOf(stuck), new Promise(() => {}));
    void runScheduledJob(h.deps);
    await waitUntil(async () => {
      const rows = await h.db.db.select().from(reminderDeliveries);
      return rows.filter((row) => row.pushStatus === "sent").length === 4;
    });
    push.answers.delete(deviceOf(stuck));
    // Another run meanwhile: the held delivery is leased, nothing is sent twice.
    await runAt("2026-03-02T09:01:00Z");
    expect(pushesTo(stuck)).toHaveLength(0);
    // Once the lease has run out, the next run sends it.
    await runAt(new Date(Date.parse("2026-03-02T09:00:00Z") + PUSH_LEASE_MS + 1000));
    await expectEachOnce(all, [1, 1, 1, 2]);
  });

  it("costs the same statements for 2 reminders as for 40 (batched, no loop per user or plan)", async () => {
    const h = harness();
    h.clock.set(at("2026-03-02T08:00:00Z"));
    async function statementsFor(count: number, start: string) {
      for (let i = 0; i < count; i++) {
        const who = await person("UTC", { devices: 0 });
        const circle = await circleOf(who);
        await plan(who, circle.id, { startTime: at(start), reminderTimes: ["1 hour before"] });
      }
      await runAt(minutesBefore(start, 62));
      const counter = countStatements(h.db.db);
      try {
        const report = await runAt(minutesBefore(start, 60));
        expect(report.reminders?.claimed).toBe(count);
      } finally {
        counter.stop();
      }
      return counter.count;
    }
    const few = await statementsFor(2, "2026-03-02T10:00:00Z");
    const many = await statementsFor(40, "2026-03-02T12:00:00Z");
    expect(many).toBe(few);
  });
});

describe("upkeep", () => {
  it("sweeps expired rows once an hour and keeps live ones", async () => {
    const h = harness();
    const now = at("2026-03-02T12:00:00Z");
    h.clock.set(now);
    const alice = await person("UTC", { devices: 0 });
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const db = h.db.db;
    await db.insert(sessions).values([
      { id: "expired", userId: alice.user.id, expiresAt: hoursAgo(1) },
      {
        id: "too-old",
        userId: alice.user.id,
        expiresAt: hoursAgo(-24),
        createdAt: hoursAgo(91 * 24),
      },
    ]);
    await db.insert(emailVerificationTokens).values([
      { userId: alice.user.id, email: "a@x.test", tokenHash: "old", expiresAt: hoursAgo(1) },
      { userId: alice.user.id, email: "a@x.test", tokenHash: "live", expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(passwordResetCodes).values([
      { userId: alice.user.id, codeHash: "old", expiresAt: hoursAgo(1) },
      { userId: alice.user.id, codeHash: "live", expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(rateLimitBuckets).values([
      { key: "old", windowStart: hoursAgo(25), count: 3 },
      { key: "live", windowStart: hoursAgo(1), count: 3 },
    ]);
    await db.insert(loginThrottles).values([
      { key: "quiet", failures: 7, updatedAt: hoursAgo(25), blockedUntil: hoursAgo(24) },
      { key: "recent", failures: 7, updatedAt: hoursAgo(2), blockedUntil: hoursAgo(1) },
    ]);
    const circle = await circleOf(alice);
    const old = await createPlan(h.deps, { circleId: circle.id, creatorId: alice.user.id });
    await db.insert(reminderDeliveries).values([
      {
        planId: old.id,
        occurrenceKey: "",
        minutes: 60,
        userId: alice.user.id,
        dueAt: hoursAgo(31 * 24),
        pushStatus: "sent",
        emailStatus: "queued",
        createdAt: hoursAgo(31 * 24),
      },
      {
        planId: old.id,
        occurrenceKey: "",
        minutes: 120,
        userId: alice.user.id,
        dueAt: hoursAgo(2),
        pushStatus: "sent",
        emailStatus: "queued",
        createdAt: hoursAgo(2),
      },
    ]);
    await db.insert(digestDeliveries).values([
      { userId: alice.user.id, day: "2026-01-20", createdAt: hoursAgo(40 * 24) },
      { userId: alice.user.id, day: "2026-03-02", createdAt: hoursAgo(5) },
    ]);

    const report = await runAt(now);
    expect(report.sweep).toEqual({
      rateLimitBuckets: 1,
      sessions: 2,
      verificationTokens: 1,
      resetCodes: 1,
      loginThrottles: 1,
      reminderDeliveries: 1,
      digestDeliveries: 1,
      circleActivity: 0,
      inboxInvitations: 0,
    });
    expect((await db.select().from(sessions)).map((row) => row.id)).not.toContain("expired");
    expect((await db.select().from(emailVerificationTokens)).map((row) => row.tokenHash)).toEqual([
      "live",
    ]);
    expect((await db.select().from(passwordResetCodes)).map((row) => row.codeHash)).toEqual([
      "live",
    ]);
    expect((await db.select().from(rateLimitBuckets)).map((row) => row.key)).toEqual(["live"]);
    expect((await db.select().from(loginThrottles)).map((row) => row.key)).toEqual(["recent"]);
    expect((await db.select().from(reminderDeliveries)).map((row) => row.minutes)).toEqual([120]);
    expect((await db.select().from(digestDeliveries)).map((row) => row.day)).toEqual([
      "2026-03-02",
    ]);

    // Within the hour the upkeep waits; after it, it runs again.
    expect((await runAt("2026-03-02T12:30:00Z")).sweep).toBeNull();
    expect((await runAt("2026-03-02T13:00:00Z")).sweep).not.toBeNull();
  });
});
