import { instantAt } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import { draftFromVoiceResult } from "@circleplan/shared/plan-draft";
import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture, taskFixture } from "../../testing/plan-fixtures";
import { voiceResultFixture } from "../../testing/voice-result";
import {
  countChoices,
  createPayload,
  type DraftContext,
  fallbackValues,
  monthlyChoicesFor,
  newPlanValues,
  type PlanFormValues,
  planForm,
  planFormResolver,
  planPayload,
  planValuesFrom,
  valuesFromSentence,
  withRepeatType,
} from "./plan-form-values";

const ZONE = "Europe/London";

function filled(overrides: Partial<PlanFormValues> = {}): PlanFormValues {
  return {
    ...newPlanValues({ date: "2026-11-22", circleId: 7 }),
    title: "Family dinner",
    time: "18:30",
    ...overrides,
  };
}

/** What the form shows: each field's first message, as its resolver answers. */
async function issues(values: PlanFormValues): Promise<Record<string, string>> {
  const result = await planFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== "object") return;
    const { message } = node as { message?: unknown };
    if (typeof message === "string") found[path.join(".")] = message;
    for (const [key, child] of Object.entries(node)) {
      if (key !== "ref" && key !== "message" && key !== "type") walk(child, [...path, key]);
    }
  };
  walk(result.errors, []);
  return found;
}

describe("the plan form's rules", () => {
  it("starts with the spec's default reminders and no repeat", async () => {
    const values = newPlanValues({ date: "2026-11-22" });
    expect(values.reminders).toEqual(["2 hours before", "24 hours before"]);
    expect(values.recurrence.type).toBe("none");
    expect(values.circleId).toBe("");
  });

  it("asks for a title, a circle and an HH:MM time, all at once", async () => {
    expect(await issues(filled({ title: "  ", circleId: "", time: "7pm" }))).toEqual({
      title: "Title is required",
      circleId: "Please select a circle for the event.",
      time: "Please enter a valid time (HH:MM)",
    });
    expect(await issues(filled({ time: "24:00" }))).toEqual({ time: messages.timeInvalid });
    expect(await issues(filled({ time: "" }))).toEqual({ time: messages.timeInvalid });
    // An all-day plan has no time.
    expect(await issues(filled({ time: "", allDay: true }))).toEqual({});
  });

  it("keeps reminders to 4 different choices and drops None", async () => {
    expect(await issues(filled({ reminders: ["1 hour before", "1 hour before"] }))).toEqual({
      reminders: messages.remindersDuplicate,
    });
    const five = [
      "1 minute before",
      "5 minutes before",
      "1 hour before",
      "2 days before",
      "1 week before",
    ];
    expect(await issues(filled({ reminders: five }))).toEqual({
      reminders: messages.remindersTooMany,
    });
    const values = planForm.parse(filled({ reminders: ["None", "1 hour before", "None"] }));
    expect(planPayload(values, ZONE).reminderTimes).toEqual(["1 hour before"]);
  });

  it("takes only web addresses as the map URL", async () => {
    expect(await issues(filled({ mapUrl: "not a url" }))).toEqual({
      mapUrl: messages.mapUrlInvalid,
    });
    expect(planPayload(planForm.parse(filled({ mapUrl: "" })), ZONE).mapUrl).toBeNull();
  });

  it("never ends a repeat before the plan's date, and a weekly one has days", async () => {
    const weekly = withRepeatType(filled().recurrence, "weekly", "2026-11-22");
    expect(
      await issues(filled({ recurrence: { ...weekly, ends: "on", endDate: "2026-11-21" } })),
    ).toEqual({ "recurrence.endDate": messages.recurrenceEndBeforeStart });
    expect(
      await issues(filled({ recurrence: { ...weekly, ends: "on", endDate: "2026-11-22" } })),
    ).toEqual({});
    expect(await issues(filled({ recurrence: { ...weekly, daysOfWeek: [] } }))).toEqual({
      "recurrence.daysOfWeek": "Choose at least one day of the week.",
    });
  });
});

describe("repeat choices", () => {
  it("preselects the plan date's weekday for weekly and clears the days otherwise", async () => {
    const start = newPlanValues({ date: "2026-11-24" }).recurrence;
    expect(withRepeatType(start, "weekly", "2026-11-24").daysOfWeek).toEqual(["tuesday"]);
    const weekly = { ...withRepeatType(start, "weekly", "2026-11-24"), interval: 3 };
    const monthly = withRepeatType(weekly, "monthly", "2026-11-24");
    expect(monthly.daysOfWeek).toEqual([]);
    expect(monthly.interval).toBe(1);
  });

  it("offers the nth weekday only up to the fourth, and the last one in the month's last week", async () => {
    expect(monthlyChoicesFor("2026-11-03")).toEqual(["dayOfMonth", "nthWeekday"]);
    expect(monthlyChoicesFor("2026-11-24")).toEqual(["dayOfMonth", "nthWeekday", "lastWeekday"]);
    expect(monthlyChoicesFor("2026-11-30")).toEqual(["dayOfMonth", "lastWeekday"]);
  });

  it("keeps a count that is not one of the choices", async () => {
    expect(countChoices(10)).toEqual([5, 10, 15, 20, 25, 30, 50]);
    expect(countChoices(12)).toEqual([5, 10, 12, 15, 20, 25, 30, 50]);
  });
});

describe("what the form sends", () => {
  it("sends the spec's payload with the time read in the profile's zone", async () => {
    const payload = planPayload(
      planForm.parse(filled({ location: " Gran's ", description: "", assignedTo: "2" })),
      "Europe/Berlin",
    );
    expect(payload).toMatchObject({
      title: "Family dinner",
      description: null,
      location: "Gran's",
      startTime: new Date("2026-11-22T17:30:00Z"),
      allDay: false,
      assignedTo: 2,
      type: "task",
      reminderTimes: ["2 hours before", "24 hours before"],
      isRecurring: false,
      recurrenceType: null,
    });
    expect(payload).not.toHaveProperty("date");
  });

  it.each([
    // Summer and winter time, and the day after New York's spring change.
    ["2026-07-01", "18:30", "Europe/Berlin", "2026-07-01T16:30:00.000Z"],
    ["2026-12-01", "18:30", "Europe/Berlin", "2026-12-01T17:30:00.000Z"],
    ["2026-03-09", "07:00", "America/New_York", "2026-03-09T11:00:00.000Z"],
    // A time the spring change skips moves forward by the gap: 03:30 EDT, 02:30 BST.
    ["2026-03-08", "02:30", "America/New_York", "2026-03-08T07:30:00.000Z"],
    ["2026-03-29", "01:30", "Europe/London", "2026-03-29T01:30:00.000Z"],
    // A time the autumn change repeats is the first: 01:30 BST.
    ["2026-10-25", "01:30", "Europe/London", "2026-10-25T00:30:00.000Z"],
  ])(
    "sends %s %s in %s as %s, the instant the server reads from that day and time",
    (date, time, zone, instant) => {
      const { startTime } = planPayload(planForm.parse(filled({ date, time })), zone);
      expect(startTime.toISOString()).toBe(instant);
      // The server's reading of a day and a wall-clock time (the sentence reader's, core/nlp).
      expect(startTime).toEqual(instantAt(date, time, zone));
    },
  );

  it("sends an all-day plan as its date", async () => {
    const payload = planPayload(planForm.parse(filled({ allDay: true, time: "" })), ZONE);
    expect(payload).toMatchObject({ allDay: true, date: "2026-11-22" });
  });

  it("sends an unassigned plan as an event or a to-do", async () => {
    expect(planPayload(planForm.parse(filled({ kind: "todo" })), ZONE).type).toBe("todo");
    expect(planPayload(planForm.parse(filled()), ZONE).type).toBe("event");
  });

  it("sends each kind of repeat rule with its own fields only", async () => {
    const base = filled().recurrence;
    const send = (recurrence: PlanFormValues["recurrence"], date = "2026-11-24") =>
      planPayload(planForm.parse(filled({ date, recurrence })), ZONE);

    expect(
      send({ ...withRepeatType(base, "daily", "2026-11-24"), weekdaysOnly: true }),
    ).toMatchObject({
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceFrequency: 1,
      recurrenceWeekdaysOnly: true,
      recurrenceDaysOfWeek: null,
    });
    expect(
      send({
        ...withRepeatType(base, "weekly", "2026-11-24"),
        interval: 2,
        daysOfWeek: ["friday", "monday"],
        ends: "after",
        count: 15,
      }),
    ).toMatchObject({
      recurrenceType: "weekly",
      recurrenceFrequency: 2,
      recurrenceDaysOfWeek: ["monday", "friday"],
      recurrenceCount: 15,
      recurrenceEndDate: null,
    });
    // 24 November 2026 is the fourth Tuesday, and the last.
    expect(
      send({
        ...withRepeatType(base, "monthly", "2026-11-24"),
        monthly: "nthWeekday",
        interval: 6,
      }),
    ).toMatchObject({
      recurrenceMonthlyBy: "weekdayOfMonth",
      recurrenceWeekOfMonth: 4,
      recurrenceFrequency: 6,
    });
    expect(
      send({ ...withRepeatType(base, "yearly", "2026-11-24"), monthly: "lastWeekday" }),
    ).toMatchObject({
      recurrenceType: "yearly",
      recurrenceMonthlyBy: "weekdayOfMonth",
      recurrenceWeekOfMonth: -1,
      recurrenceFrequency: 1,
    });
    expect(
      send({ ...withRepeatType(base, "monthly", "2026-11-24"), ends: "on", endDate: "2027-05-24" }),
    ).toMatchObject({ recurrenceMonthlyBy: "dayOfMonth", recurrenceEndDate: "2027-05-24" });
  });
});

describe("the edit form", () => {
  it("loads a plan as it is shown, its time in the profile's zone", async () => {
    const values = planValuesFrom(
      taskFixture({ startTime: new Date("2026-07-01T16:30:00Z"), date: "2026-07-01" }),
      "Europe/Berlin",
    );
    expect(values).toMatchObject({
      title: "Pick up groceries",
      date: "2026-07-01",
      time: "18:30",
      circleId: "7",
      assignedTo: "2",
      kind: "event",
    });
  });

  it("loads a series' rule", async () => {
    const values = planValuesFrom(
      occurrenceFixture({ recurrenceCount: 12, recurrenceDaysOfWeek: ["sunday", "wednesday"] }),
      ZONE,
    );
    expect(values.recurrence).toMatchObject({
      type: "weekly",
      interval: 1,
      daysOfWeek: ["sunday", "wednesday"],
      ends: "after",
      count: 12,
    });
  });
});

describe("the form filled from a sentence", () => {
  const context: DraftContext = { circleId: 7, userId: 1, zone: ZONE, kind: "event" };

  it("fills every field the server read, and sends them as said", async () => {
    const values = valuesFromSentence(
      voiceResultFixture({
        title: "Piano lesson",
        description: "Bring the new book",
        type: "task",
        startTime: new Date("2026-11-24T17:00:00Z"),
        location: "Music school",
        reminderTimes: ["30 minutes before"],
        assignee: "Bea",
        assignedTo: 2,
        voiceNote:
          "Bea's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before",
        isRecurring: true,
        recurrenceType: "weekly",
        recurrenceFrequency: 1,
        recurrenceDaysOfWeek: ["tuesday"],
        recurrenceEndDate: "2027-02-24",
      }),
      context,
    );
    expect(values).toEqual({
      ...newPlanValues({ date: "2026-11-24", circleId: 7 }),
      title: "Piano lesson",
      description: "Bring the new book",
      time: "17:00",
      location: "Music school",
      assignedTo: "2",
      kind: "todo",
      reminders: ["30 minutes before"],
      recurrence: {
        type: "weekly",
        interval: 1,
        weekdaysOnly: false,
        daysOfWeek: ["tuesday"],
        monthly: "dayOfMonth",
        ends: "on",
        count: 10,
        endDate: "2027-02-24",
      },
      voiceNote:
        "Bea's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before",
    });
    expect(createPayload(planForm.parse(values), ZONE)).toMatchObject({
      title: "Piano lesson",
      startTime: new Date("2026-11-24T17:00:00Z"),
      assignedTo: 2,
      type: "task",
      location: "Music school",
      reminderTimes: ["30 minutes before"],
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceDaysOfWeek: ["tuesday"],
      recurrenceEndDate: "2027-02-24",
      recurrenceCount: null,
      voiceNote:
        "Bea's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before",
    });
  });

  it("shows the day and time said, read in the zone the sentence was read in", async () => {
    // 17:00 in New York is 22:00 in London: the form shows what was said.
    const values = valuesFromSentence(
      voiceResultFixture({
        startTime: new Date("2026-11-22T22:00:00Z"),
        timeZone: "America/New_York",
      }),
      context,
    );
    expect(values).toMatchObject({ date: "2026-11-22", time: "17:00" });
    // A zone this browser does not know: the profile's.
    const unknown = valuesFromSentence(
      voiceResultFixture({ startTime: new Date("2026-11-22T22:00:00Z"), timeZone: "Mars/Olympus" }),
      context,
    );
    expect(unknown).toMatchObject({ date: "2026-11-22", time: "22:00" });
  });

  it("makes a task without an assignee the form's to-do, and never assigns the user to themselves", async () => {
    expect(valuesFromSentence(voiceResultFixture({ type: "task" }), context)).toMatchObject({
      kind: "todo",
      assignedTo: "",
    });
    expect(
      valuesFromSentence(
        voiceResultFixture({ type: "task", assignedTo: 1, assignee: "Ada" }),
        context,
      ),
    ).toMatchObject({ kind: "todo", assignedTo: "" });
    expect(valuesFromSentence(voiceResultFixture({ type: "todo" }), context).kind).toBe("todo");
    expect(valuesFromSentence(voiceResultFixture(), context).kind).toBe("event");
    // The to-do list adds to-dos.
    expect(valuesFromSentence(voiceResultFixture(), { ...context, kind: "todo" }).kind).toBe(
      "todo",
    );
  });

  it("names reminders as the form's list does, each once, at most 4, none no reminder can be", async () => {
    const reminders = (reminderTimes: string[]) =>
      valuesFromSentence(voiceResultFixture({ reminderTimes }), context).reminders;
    expect(reminders(["1 day before", "24 hours before", "10 minutes before"])).toEqual([
      "24 hours before",
      "10 minutes before",
    ]);
    // A custom reminder the reader kept as said stays; a phrase no reminder can be goes.
    expect(reminders(["3 hours before", "1 hour before"])).toEqual([
      "3 hours before",
      "1 hour before",
    ]);
    expect(reminders(["3 fortnights before", "9 weeks before", "45 minutes before"])).toEqual([
      "45 minutes before",
    ]);
    expect(
      reminders([
        "1 minute before",
        "5 minutes before",
        "1 hour before",
        "2 days before",
        "1 week before",
      ]),
    ).toHaveLength(4);
    expect(reminders([])).toEqual([]);
  });

  it("keeps a repeat rule within what the form offers", async () => {
    const recurrence = (overrides: Parameters<typeof voiceResultFixture>[0]) =>
      valuesFromSentence(voiceResultFixture({ isRecurring: true, ...overrides }), context)
        .recurrence;
    expect(
      recurrence({ recurrenceType: "daily", recurrenceWeekdaysOnly: true, recurrenceCount: 20 }),
    ).toMatchObject({ type: "daily", weekdaysOnly: true, ends: "after", count: 20 });
    expect(
      recurrence({
        recurrenceType: "weekly",
        recurrenceFrequency: 6,
        recurrenceDaysOfWeek: ["monday", "thursday"],
      }),
    ).toMatchObject({ type: "weekly", interval: 4, daysOfWeek: ["monday", "thursday"] });
    // 3 December 2026 is the first Thursday: not the last one of its month.
    expect(
      recurrence({
        startTime: new Date("2026-12-03T18:00:00Z"),
        recurrenceType: "monthly",
        recurrenceMonthlyBy: "weekdayOfMonth",
        recurrenceWeekOfMonth: -1,
      }),
    ).toMatchObject({ type: "monthly", monthly: "nthWeekday" });
    expect(recurrence({ recurrenceType: null })).toMatchObject({ type: "none" });
  });

  it("keeps an all-day plan without a time, and the end said", async () => {
    expect(
      valuesFromSentence(
        voiceResultFixture({ allDay: true, startTime: new Date("2026-11-22T00:00:00Z") }),
        context,
      ),
    ).toMatchObject({ allDay: true, time: "", date: "2026-11-22" });
    const twoHours = valuesFromSentence(
      voiceResultFixture({ endTime: new Date("2026-11-22T20:00:00Z") }),
      context,
    );
    expect(twoHours).toMatchObject({ time: "18:00", endTime: "20:00", endDaysAfter: 0 });
    expect(valuesFromSentence(voiceResultFixture(), context)).toMatchObject({ endTime: "" });
    // "from 10pm to 1am": the end stays on the next day.
    const overnight = valuesFromSentence(
      voiceResultFixture({
        startTime: new Date("2026-11-22T22:00:00Z"),
        endTime: new Date("2026-11-23T01:00:00Z"),
      }),
      context,
    );
    expect(overnight).toMatchObject({ time: "22:00", endTime: "01:00", endDaysAfter: 1 });
    expect(createPayload(planForm.parse(overnight), ZONE)).toMatchObject({
      endTime: new Date("2026-11-23T01:00:00Z"),
    });
  });

  it("saves the words and the end said, the end as the form shows it", async () => {
    const values = valuesFromSentence(
      voiceResultFixture({ endTime: new Date("2026-11-22T20:00:00Z") }),
      context,
    );
    expect(createPayload(planForm.parse(values), ZONE)).toMatchObject({
      startTime: new Date("2026-11-22T18:00:00Z"),
      endTime: new Date("2026-11-22T20:00:00Z"),
      voiceNote: "Family dinner tomorrow at 6pm",
    });
    expect(createPayload(planForm.parse({ ...values, time: "19:15" }), ZONE)).toMatchObject({
      startTime: new Date("2026-11-22T19:15:00Z"),
      endTime: new Date("2026-11-22T20:00:00Z"),
    });
    expect(createPayload(planForm.parse({ ...values, endTime: "" }), ZONE)).not.toHaveProperty(
      "endTime",
    );
    // All day has no end; the manual form keeps no words.
    const allDay = createPayload(planForm.parse({ ...values, allDay: true, time: "" }), ZONE);
    expect(allDay).not.toHaveProperty("endTime");
    const manual = createPayload(planForm.parse(filled()), ZONE);
    expect(manual).not.toHaveProperty("voiceNote");
    expect(manual).not.toHaveProperty("endTime");
  });

  it("fills from the plan the sentence would create, as the edit form fills from a stored one", async () => {
    const result = voiceResultFixture({
      title: "Swimming",
      endTime: new Date("2026-11-22T19:00:00Z"),
      location: "The pool",
      reminderTimes: ["1 hour before"],
    });
    const draft = draftFromVoiceResult(result);
    expect(valuesFromSentence(result, context)).toEqual(
      planValuesFrom({ ...draft, circleId: 7 }, ZONE),
    );
    const stored = planFixture({ ...draft, circleId: 7, date: "2026-11-22" });
    expect(planValuesFrom(stored, ZONE)).toEqual(planValuesFrom({ ...draft, circleId: 7 }, ZONE));
  });
});

describe("the end time", () => {
  const endIssue = async (change: Partial<PlanFormValues>) =>
    (await issues(filled(change))).endTime;

  it("refuses an end before the start on the same day, and one that is not a time", async () => {
    expect(await endIssue({ time: "17:00", endTime: "16:59" })).toBe(messages.endBeforeStart);
    expect(await endIssue({ time: "17:00", endTime: "5pm" })).toBe(messages.timeInvalid);
    // Shown with the other mistakes, not after them.
    expect(await issues(filled({ title: "", endTime: "16:00" }))).toMatchObject({
      title: messages.titleRequired,
      endTime: messages.endBeforeStart,
    });
  });

  it("takes no end, an end at or after the start, an end on a later day, and none all day", async () => {
    expect(await endIssue({ time: "17:00", endTime: "" })).toBeUndefined();
    expect(await endIssue({ time: "17:00", endTime: "17:00" })).toBeUndefined();
    expect(await endIssue({ time: "17:00", endTime: "18:30" })).toBeUndefined();
    expect(await endIssue({ time: "22:00", endTime: "01:00", endDaysAfter: 1 })).toBeUndefined();
    expect(await endIssue({ allDay: true, time: "", endTime: "01:00" })).toBeUndefined();
  });
});

describe("the form when the sentence could not be read", () => {
  const context: DraftContext = { circleId: 7, userId: 1, zone: ZONE, kind: "event" };

  it("takes the raw text as the title of an event with the default reminders, now to the half hour", async () => {
    const values = fallbackValues("  dentist with\nEmma ", {
      ...context,
      now: new Date("2026-11-22T09:44:00Z"),
    });
    expect(values).toEqual({
      ...newPlanValues({ date: "2026-11-22", circleId: 7 }),
      title: "Dentist with Emma",
      time: "09:30",
      kind: "event",
      reminders: ["2 hours before", "24 hours before"],
      voiceNote: "dentist with\nEmma",
    });
    expect(createPayload(planForm.parse(values), ZONE)).not.toHaveProperty("endTime");
    expect(fallbackValues("x", { ...context, now: new Date("2026-11-22T09:46:00Z") }).time).toBe(
      "10:00",
    );
    // Rounded on the profile's wall clock, as the server's reader does: 09:52 in Kathmandu.
    const kathmandu = { ...context, zone: "Asia/Kathmandu", now: new Date("2026-11-23T04:07:00Z") };
    expect(fallbackValues("x", kathmandu)).toMatchObject({
      date: "2026-11-23",
      time: "10:00",
    });
    // The day the dialog was opened on (a planner's column), and the to-do list's kind.
    expect(
      fallbackValues("x", {
        ...context,
        kind: "todo",
        date: "2026-11-25",
        now: new Date("2026-11-22T09:44:00Z"),
      }),
    ).toMatchObject({ date: "2026-11-25", kind: "todo" });
  });
});
