/**
 * When reminders fire (plans spec, sections 3, 4 and 9), with the clock given to each check:
 * the window's edges, snoozes, answers, several reminders per plan, each occurrence of a
 * series, all-day plans and DST days. The rules work on instants only, so every case runs
 * under several process time zones and must give the same answers.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { describeInProcessZones } from "@circleplan/shared/testing/process-zones";
import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture, taskFixture } from "../../testing/plan-fixtures";
import { reminderRange } from "./reminder-range";
import {
  checkReminders,
  handleReminder,
  isInFiringWindow,
  mergePlanLists,
  pruneRecords,
  RECORD_LIFETIME_MS,
  type ReminderRecords,
  reminderInstanceId,
  reminderInstances,
  snoozeReminder,
} from "./reminder-schedule";

const at = (iso: string) => new Date(iso).getTime();
/**
 * Runs checks in order, each at its time, carrying the records over as the app does; returns
 * the ids fired and active at each.
 */
function runChecks(plans: Plan[], times: string[], records: ReminderRecords = {}) {
  let kept = records;
  return times.map((time) => {
    const result = checkReminders({ plans, now: at(time), records: kept });
    kept = result.records;
    return { fired: result.fired.map((r) => r.id), active: result.active.map((r) => r.id) };
  });
}

describeInProcessZones("reminder schedule", () => {
  describe("reminder instances", () => {
    it("keys a one-off plan's reminder {eventId}-{phrase}, and a series' by its occurrence too", () => {
      expect(reminderInstanceId(planFixture(), "2 hours before")).toBe("100-2 hours before");
      expect(reminderInstanceId(occurrenceFixture(), "1 hour before")).toBe(
        "300-1 hour before@2026-11-22T07:00:00.000Z",
      );
      expect(
        reminderInstanceId(
          occurrenceFixture({ allDay: true, originalStartTime: null, originalDate: "2026-11-22" }),
          "1 hour before",
        ),
      ).toBe("300-1 hour before@2026-11-22");
    });

    it("takes each phrase's minutes before the start, one reminder per distinct offset", () => {
      const plan = planFixture({
        reminderTimes: [
          "2 hours before",
          "24 hours before",
          "1 day before",
          "13 minutes before",
          "13 fortnights before",
        ],
      });
      expect(reminderInstances(plan).map((r) => [r.phrase, r.reminderTime.toISOString()])).toEqual([
        ["2 hours before", "2026-11-22T16:00:00.000Z"],
        ["24 hours before", "2026-11-21T18:00:00.000Z"],
        // A custom reminder (decision 011) reminds too; a phrase no reminder can be does not.
        ["13 minutes before", "2026-11-22T17:47:00.000Z"],
      ]);
    });
  });

  describe("the firing window", () => {
    const plan = planFixture({ reminderTimes: ["2 hours before"] }); // due 16:00 UTC

    it("opens at the reminder's time and closes 2 minutes after, both included", () => {
      const time = new Date("2026-11-22T16:00:00Z");
      expect(isInFiringWindow(time, at("2026-11-22T15:59:59.999Z"))).toBe(false);
      expect(isInFiringWindow(time, at("2026-11-22T16:00:00Z"))).toBe(true);
      expect(isInFiringWindow(time, at("2026-11-22T16:02:00Z"))).toBe(true);
      expect(isInFiringWindow(time, at("2026-11-22T16:02:00.001Z"))).toBe(false);
    });

    it("fires at 0 minutes, once; the reminder stays active until answered", () => {
      expect(
        runChecks([plan], ["2026-11-22T15:59:55Z", "2026-11-22T16:00:00Z", "2026-11-22T16:00:10Z"]),
      ).toEqual([
        { fired: [], active: [] },
        { fired: ["100-2 hours before"], active: ["100-2 hours before"] },
        { fired: [], active: ["100-2 hours before"] },
      ]);
    });

    it("fires at the window's last moment, and not after it", () => {
      expect(runChecks([plan], ["2026-11-22T16:02:00Z"])[0]?.fired).toEqual(["100-2 hours before"]);
      expect(runChecks([plan], ["2026-11-22T16:02:00.001Z"])[0]?.fired).toEqual([]);
    });

    it("does not remind of a completed plan", () => {
      expect(
        runChecks(
          [planFixture({ isCompleted: true, reminderTimes: ["2 hours before"] })],
          ["2026-11-22T16:00:00Z"],
        ),
      ).toEqual([{ fired: [], active: [] }]);
    });
  });

  describe("whose reminders ring", () => {
    const window = ["2026-11-22T16:00:30Z"];
    const reminded = (plan: Plan) => runChecks([plan], window)[0]?.fired.length === 1;

    it("rings for the plans the server says remind the viewer (remindsMe), and no others", () => {
      const plan = planFixture({ reminderTimes: ["2 hours before"] });
      expect(reminded(plan)).toBe(true);
      expect(reminded({ ...plan, remindsMe: false })).toBe(false);
    });

    it("stays quiet for an answer that does not say (a client of the spec's payloads)", () => {
      const { remindsMe: _, ...unsaid } = planFixture({ reminderTimes: ["2 hours before"] });
      expect(reminded(unsaid)).toBe(false);
    });
  });

  describe("snooze and answers", () => {
    const plan = planFixture({ reminderTimes: ["2 hours before"] });
    const [instance] = reminderInstances(plan);
    if (!instance) throw new Error("expected a reminder");
    const fired = checkReminders({
      plans: [plan],
      now: at("2026-11-22T16:00:30Z"),
      records: {},
    });

    it("stays quiet while snoozed and fires again when the snooze ends, past the window", () => {
      const snoozed = snoozeReminder(fired.records, instance, at("2026-11-22T16:01:00Z"), 5);
      expect(
        runChecks(
          [plan],
          [
            "2026-11-22T16:01:10Z",
            "2026-11-22T16:05:59Z",
            "2026-11-22T16:06:00Z",
            "2026-11-22T16:06:10Z",
          ],
          snoozed,
        ),
      ).toEqual([
        { fired: [], active: [] },
        { fired: [], active: [] },
        { fired: ["100-2 hours before"], active: ["100-2 hours before"] },
        { fired: [], active: ["100-2 hours before"] },
      ]);
    });

    it("never fires an answered reminder again, inside its window or not", () => {
      const handled = handleReminder(fired.records, instance);
      expect(runChecks([plan], ["2026-11-22T16:01:00Z", "2026-11-22T16:30:00Z"], handled)).toEqual([
        { fired: [], active: [] },
        { fired: [], active: [] },
      ]);
    });

    it("reminds of a plan moved after its reminder was answered, at the new time", () => {
      const handled = handleReminder(fired.records, instance);
      const moved = planFixture({
        reminderTimes: ["2 hours before"],
        startTime: new Date("2026-11-22T19:00:00Z"),
      });
      expect(runChecks([moved], ["2026-11-22T17:00:00Z"], handled)[0]?.fired).toEqual([
        "100-2 hours before",
      ]);
    });

    it("forgets answers a day after their reminder or snooze", () => {
      const records: ReminderRecords = {
        old: { state: "handled", remindAt: at("2026-11-21T10:00:00Z") },
        recent: { state: "handled", remindAt: at("2026-11-22T09:00:00Z") },
        snoozedLong: {
          state: "snoozed",
          remindAt: at("2026-11-21T09:00:00Z"),
          until: at("2026-11-22T09:30:00Z"),
        },
      };
      const now = at("2026-11-21T10:00:00Z") + RECORD_LIFETIME_MS + 1;
      expect(Object.keys(pruneRecords(records, now))).toEqual(["recent", "snoozedLong"]);
    });
  });

  describe("several reminders", () => {
    it("fires each of a plan's reminders at its own time, oldest first when together", () => {
      const plan = planFixture({ reminderTimes: ["1 hour before", "15 minutes before"] });
      expect(
        runChecks([plan], ["2026-11-22T17:00:00Z", "2026-11-22T17:45:00Z", "2026-11-22T17:45:10Z"]),
      ).toEqual([
        { fired: ["100-1 hour before"], active: ["100-1 hour before"] },
        {
          fired: ["100-15 minutes before"],
          active: ["100-1 hour before", "100-15 minutes before"],
        },
        { fired: [], active: ["100-1 hour before", "100-15 minutes before"] },
      ]);
    });

    it("reminds for each occurrence of a series on its own", () => {
      const sunday = occurrenceFixture({ reminderTimes: ["1 hour before"] });
      const nextSunday = occurrenceFixture({
        reminderTimes: ["1 hour before"],
        startTime: new Date("2026-11-29T07:00:00Z"),
        date: "2026-11-29",
        originalStartTime: new Date("2026-11-29T07:00:00Z"),
      });
      const plans = [sunday, nextSunday];
      const first = checkReminders({
        plans,
        now: at("2026-11-22T06:00:00Z"),
        records: {},
      });
      expect(first.fired.map((r) => r.id)).toEqual(["300-1 hour before@2026-11-22T07:00:00.000Z"]);
      const [answered] = first.fired;
      if (!answered) throw new Error("expected a reminder");
      expect(
        runChecks(plans, ["2026-11-29T06:00:00Z"], handleReminder(first.records, answered)),
      ).toEqual([
        {
          fired: ["300-1 hour before@2026-11-29T07:00:00.000Z"],
          active: ["300-1 hour before@2026-11-29T07:00:00.000Z"],
        },
      ]);
    });

    it("reminds a moved occurrence at its new start, under its original name", () => {
      const moved = occurrenceFixture({
        reminderTimes: ["1 hour before"],
        startTime: new Date("2026-11-22T09:00:00Z"),
        isRecurrenceException: true,
      });
      expect(runChecks([moved], ["2026-11-22T06:00:00Z", "2026-11-22T08:00:00Z"])).toEqual([
        { fired: [], active: [] },
        {
          fired: ["300-1 hour before@2026-11-22T07:00:00.000Z"],
          active: ["300-1 hour before@2026-11-22T07:00:00.000Z"],
        },
      ]);
    });
  });

  describe("all-day plans and DST days", () => {
    it("reminds of an all-day plan before midnight of its day in the viewer's zone", () => {
      // The API answers an all-day plan's startTime as the viewer's midnight: Auckland's here.
      const trip = planFixture({
        allDay: true,
        date: "2026-11-22",
        startTime: new Date("2026-11-21T11:00:00Z"),
        reminderTimes: ["2 hours before"],
      });
      expect(runChecks([trip], ["2026-11-21T08:59:59Z", "2026-11-21T09:00:00Z"])).toEqual([
        { fired: [], active: [] },
        { fired: ["100-2 hours before"], active: ["100-2 hours before"] },
      ]);
    });

    it("counts real hours across the spring change: 24 hours before 09:00 BST is 08:00 GMT", () => {
      // Sunday 29 March 2026, London's clocks go forward at 01:00 GMT.
      const brunch = planFixture({
        startTime: new Date("2026-03-29T08:00:00Z"), // 09:00 BST
        reminderTimes: ["24 hours before", "1 hour before"],
      });
      expect(reminderInstances(brunch).map((r) => r.reminderTime.toISOString())).toEqual([
        "2026-03-28T08:00:00.000Z",
        "2026-03-29T07:00:00.000Z",
      ]);
      expect(runChecks([brunch], ["2026-03-28T08:01:00Z"])[0]?.fired).toEqual([
        "100-24 hours before",
      ]);
    });

    it("tells the repeated hour of the autumn change apart", () => {
      // Sunday 1 November 2026 in New York: 01:30 happens twice; this is the second (EST).
      const early = planFixture({
        startTime: new Date("2026-11-01T06:30:00Z"),
        reminderTimes: ["1 hour before"],
      });
      expect(runChecks([early], ["2026-11-01T05:29:59Z", "2026-11-01T05:30:00Z"])).toEqual([
        { fired: [], active: [] },
        { fired: ["100-1 hour before"], active: ["100-1 hour before"] },
      ]);
    });
  });
});

describe("loaded plans", () => {
  it("keeps each occurrence once, from the newest answer", () => {
    const old = planFixture({ title: "Dinner" });
    const renamed = planFixture({ title: "Family dinner at Bea's" });
    const task = taskFixture();
    const sunday = occurrenceFixture();
    const nextSunday = occurrenceFixture({ originalStartTime: new Date("2026-11-29T07:00:00Z") });
    const merged = mergePlanLists([
      { plans: [renamed, sunday], updatedAt: 2 },
      { plans: [old, task, nextSunday], updatedAt: 1 },
    ]);
    expect(merged.map((p) => [p.id, p.title])).toEqual([
      [100, "Family dinner at Bea's"],
      [300, "Swimming lessons"],
      [200, "Pick up groceries"],
      [300, "Swimming lessons"],
    ]);
  });

  it("loads the days from one ago to a week ahead in every zone", () => {
    expect(reminderRange(at("2026-11-22T23:30:00Z"))).toEqual({
      from: "2026-11-20",
      to: "2026-12-01",
    });
  });
});
