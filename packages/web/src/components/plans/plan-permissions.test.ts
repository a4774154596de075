import { describe, expect, it } from "vitest";
import { planFixture, taskFixture } from "../../testing/plan-fixtures";
import {
  awaitsMyAnswer,
  canCompletePlan,
  isPlanCreator,
  mayDeletePlan,
  planNoun,
} from "./plan-permissions";

const ADA = 1;
const BEA = 2;
const CAL = 3;

describe("plan permissions", () => {
  it("lets only the creator edit and delete", () => {
    expect(isPlanCreator(planFixture(), ADA)).toBe(true);
    expect(isPlanCreator(planFixture(), BEA)).toBe(false);
  });

  it("lets the creator and the circle's admins delete; admins gain no edit", () => {
    const none = new Set<number>();
    const adminOfItsCircle = new Set([planFixture().circleId]);
    expect(mayDeletePlan(planFixture(), ADA, none)).toBe(true);
    expect(mayDeletePlan(planFixture(), BEA, none)).toBe(false);
    expect(mayDeletePlan(planFixture(), BEA, adminOfItsCircle)).toBe(true);
    expect(mayDeletePlan(planFixture(), BEA, new Set([planFixture().circleId + 1]))).toBe(false);
    expect(isPlanCreator(planFixture(), BEA)).toBe(false);
  });

  it("asks only the assignee to answer, only while pending", () => {
    expect(awaitsMyAnswer(taskFixture(), BEA)).toBe(true);
    expect(awaitsMyAnswer(taskFixture(), ADA)).toBe(false);
    expect(awaitsMyAnswer(taskFixture({ assignmentAccepted: true }), BEA)).toBe(false);
    expect(awaitsMyAnswer(taskFixture({ assignmentAccepted: false }), BEA)).toBe(false);
    expect(awaitsMyAnswer(taskFixture({ status: "cancelled" }), BEA)).toBe(false);
  });

  it("lets the creator complete, and the assignee once accepted; events have no checkbox", () => {
    expect(canCompletePlan(taskFixture(), ADA)).toBe(true);
    expect(canCompletePlan(taskFixture(), BEA)).toBe(false);
    expect(canCompletePlan(taskFixture({ assignmentAccepted: true }), BEA)).toBe(true);
    expect(canCompletePlan(taskFixture({ assignmentAccepted: false }), BEA)).toBe(false);
    expect(canCompletePlan(taskFixture({ assignmentAccepted: true }), CAL)).toBe(false);
    expect(canCompletePlan(planFixture({ type: "todo" }), ADA)).toBe(true);
    expect(canCompletePlan(planFixture({ type: "todo" }), BEA)).toBe(false);
    expect(canCompletePlan(planFixture(), ADA)).toBe(false);
  });

  it("calls tasks and to-dos tasks in confirmations", () => {
    expect(planNoun(planFixture())).toBe("event");
    expect(planNoun(taskFixture())).toBe("task");
    expect(planNoun(planFixture({ type: "todo" }))).toBe("task");
  });
});
