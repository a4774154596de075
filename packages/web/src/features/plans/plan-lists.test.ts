import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture, taskFixture } from "../../testing/plan-fixtures";
import { groupByDay, sortPlans, todoItems } from "./plan-lists";

const ADA = 1;
const BEA = 2;

describe("plan lists", () => {
  it("puts all-day plans first, then by start, then by title", () => {
    const plans = [
      planFixture({ id: 1, title: "B", startTime: new Date("2026-11-22T09:00:00Z") }),
      planFixture({ id: 2, title: "A", startTime: new Date("2026-11-22T09:00:00Z") }),
      planFixture({ id: 3, title: "Z", allDay: true, startTime: new Date("2026-11-22T00:00:00Z") }),
      planFixture({ id: 4, title: "Early", startTime: new Date("2026-11-22T07:00:00Z") }),
      planFixture({ id: 5, title: "Before", date: "2026-11-21" }),
    ];
    expect(sortPlans(plans).map((plan) => plan.id)).toEqual([5, 3, 4, 2, 1]);
  });

  it("lists every day asked for, empty ones too", () => {
    const groups = groupByDay([planFixture({ date: "2026-11-23" })], ["2026-11-22", "2026-11-23"]);
    expect(groups.map((group) => [group.day, group.plans.length])).toEqual([
      ["2026-11-22", 0],
      ["2026-11-23", 1],
    ]);
  });
});

describe("the to-do list", () => {
  it("holds my to-dos and the tasks assigned to me that I have not declined", () => {
    const plans = [
      planFixture({ id: 1, type: "todo", creatorId: BEA }),
      planFixture({ id: 2, type: "todo", creatorId: ADA }),
      taskFixture({ id: 3 }),
      taskFixture({ id: 4, assignmentAccepted: true }),
      taskFixture({ id: 5, assignmentAccepted: false }),
      taskFixture({ id: 6, status: "cancelled" }),
      taskFixture({ id: 7, assignedTo: 3 }),
      planFixture({ id: 8, creatorId: BEA }),
    ];
    const { open } = todoItems(plans, BEA, "2026-11-22");
    expect(open.map((plan) => plan.id).sort()).toEqual([1, 3, 4]);
  });

  it("keeps done ones apart, newest day first", () => {
    const plans = [
      planFixture({ id: 1, type: "todo", isCompleted: true, date: "2026-11-20" }),
      planFixture({ id: 2, type: "todo", isCompleted: true, date: "2026-11-21" }),
      planFixture({ id: 3, type: "todo" }),
    ];
    const { open, done } = todoItems(plans, ADA, "2026-11-22");
    expect(open.map((plan) => plan.id)).toEqual([3]);
    expect(done.map((plan) => plan.id)).toEqual([2, 1]);
  });

  it("shows a repeating to-do's overdue occurrences and only its next one ahead", () => {
    const day = (date: string) => occurrenceFixture({ type: "todo", date });
    const { open } = todoItems(
      [day("2026-11-15"), day("2026-11-22"), day("2026-11-29"), day("2026-12-06")],
      ADA,
      "2026-11-20",
    );
    expect(open.map((plan) => plan.date)).toEqual(["2026-11-15", "2026-11-22"]);
  });
});
