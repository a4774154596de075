import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture, taskFixture } from "../../testing/plan-fixtures";
import { todoItems } from "./todo-items";

const ADA = 1;
const BEA = 2;

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
