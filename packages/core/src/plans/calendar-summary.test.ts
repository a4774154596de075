import { describe, expect, it } from "vitest";
import { type SummaryPlan, writeCalendarSummary } from "./calendar-summary";

let ids = 100;
const plan = (date: string, overrides: Partial<SummaryPlan> = {}): SummaryPlan => ({
  id: ids++,
  title: "Dentist",
  type: "event",
  date,
  isCompleted: false,
  isRecurring: false,
  status: null,
  ...overrides,
});

/** A weekly series: one item per occurrence, all with the series' id. */
const series = (id: number, title: string, dates: string[]) =>
  dates.map((date) => plan(date, { id, title, isRecurring: true }));

// November 2026 starts on a Sunday; its weekends are 7–8, 14–15, 21–22 and 28–29.
const november = () => [
  ...series(1, "Swimming", ["2026-11-03", "2026-11-10", "2026-11-17", "2026-11-24"]),
  ...series(2, "Piano lesson", ["2026-11-14", "2026-11-28"]),
  plan("2026-11-17", { title: "Parents' evening" }),
  plan("2026-11-19", { title: "Buy paint", type: "todo", isCompleted: true }),
  plan("2026-11-20", { title: "Book the hotel", type: "task", status: "pending" }),
  plan("2026-11-21", { title: "Fix the bike", type: "task", status: "accepted" }),
  plan("2026-11-17", {
    title: "Call grandma",
    type: "task",
    status: "completed",
    isCompleted: true,
  }),
];

describe("writeCalendarSummary", () => {
  it("encourages when the month is empty", () => {
    expect(writeCalendarSummary("2026-11", [])).toBe(
      "Nothing is planned for November 2026 yet: a clear month, and a good time to plan something together!",
    );
  });

  it("counts the kinds, names the busiest week and day, the series, the tasks and free weekends", () => {
    expect(writeCalendarSummary("2026-11", november())).toBe(
      [
        "November 2026 holds 11 plans: 7 events, 3 tasks and 1 to-do.",
        "The busiest week is 15–21 November, with 6 plans.",
        "The busiest day is Tuesday 17 November, with 3 plans.",
        "Recurring commitments: Swimming (4 times) and Piano lesson (2 times).",
        "Tasks and to-dos: 2 completed, 2 still open. 1 task is waiting for an answer.",
        "Free weekend: 7–8 November.",
      ].join(" "),
    );
  });

  it("reads the same whatever order the plans come in", () => {
    const plans = november();
    const reversed = [...plans].reverse();
    const shuffled = [...plans.filter((_, i) => i % 2), ...plans.filter((_, i) => !(i % 2))];
    const summary = writeCalendarSummary("2026-11", plans);
    expect(writeCalendarSummary("2026-11", reversed)).toBe(summary);
    expect(writeCalendarSummary("2026-11", shuffled)).toBe(summary);
  });

  it("ignores plans outside the month", () => {
    const outside = [plan("2026-10-31"), plan("2026-12-01", { type: "task" })];
    expect(writeCalendarSummary("2026-11", outside)).toMatch(/^Nothing is planned/);
    expect(writeCalendarSummary("2026-11", [...november(), ...outside])).toBe(
      writeCalendarSummary("2026-11", november()),
    );
  });

  it("breaks ties by the earliest week and day, and leaves out what does not apply", () => {
    const summary = writeCalendarSummary("2026-11", [
      plan("2026-11-12"),
      plan("2026-11-12"),
      plan("2026-11-03"),
      plan("2026-11-03"),
    ]);
    expect(summary).toBe(
      [
        "November 2026 holds 4 plans: 4 events.",
        "The busiest week is 1–7 November, with 2 plans.",
        "The busiest day is Tuesday 3 November, with 2 plans.",
        "Free weekends: 7–8, 14–15, 21–22 and 28–29 November.",
      ].join(" "),
    );
  });

  it("names no busiest week when one week holds everything, nor a busiest day of one plan", () => {
    const summary = writeCalendarSummary("2026-11", [plan("2026-11-09"), plan("2026-11-10")]);
    expect(summary).not.toContain("busiest");
    expect(summary).toContain("2 plans: 2 events.");
    expect(writeCalendarSummary("2026-11", [plan("2026-11-09")])).toMatch(
      /^November 2026 holds 1 plan: 1 event\. Free weekends/,
    );
  });

  it("counts only whole weekends inside the month as free", () => {
    // October 2026 ends on Saturday the 31st: that weekend belongs to no single month.
    const october = [plan("2026-10-03"), plan("2026-10-18"), plan("2026-10-24")];
    expect(writeCalendarSummary("2026-10", october)).toMatch(/Free weekend: 10–11 October\.$/);
    const busy = [plan("2026-10-04"), plan("2026-10-10"), plan("2026-10-17"), plan("2026-10-25")];
    expect(writeCalendarSummary("2026-10", busy)).toMatch(/No weekend is completely free\.$/);
  });

  it("names at most three series, most frequent first, and counts the rest", () => {
    const plans = [
      ...series(1, "Yoga", ["2026-11-02", "2026-11-09"]),
      ...series(2, "Choir", ["2026-11-03", "2026-11-10", "2026-11-17"]),
      ...series(3, "Book club", ["2026-11-04", "2026-11-11"]),
      ...series(4, "Chess", ["2026-11-05"]),
      ...series(5, "Bins", ["2026-11-06"]),
    ];
    expect(writeCalendarSummary("2026-11", plans)).toContain(
      "Recurring commitments: Choir (3 times), Book club (2 times), Yoga (2 times) and 2 more.",
    );
    expect(writeCalendarSummary("2026-11", series(9, "Bins", ["2026-11-06"]))).toContain(
      "Recurring commitment: Bins (once).",
    );
  });

  it("shortens long titles and says which kinds of tasks there are", () => {
    const long = "A very long title for a series that somebody typed in full detail";
    const summary = writeCalendarSummary("2026-11", [
      ...series(1, long, ["2026-11-02"]),
      plan("2026-11-03", { type: "todo" }),
    ]);
    expect(summary).toContain(
      "Recurring commitment: A very long title for a series that som… (once).",
    );
    expect(summary).toContain("To-dos: 0 completed, 1 still open.");
    expect(summary).not.toContain("waiting");
  });
});
