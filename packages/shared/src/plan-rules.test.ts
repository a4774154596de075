import { describe, expect, it } from "vitest";
import {
  isReminded,
  MONTHLY_BY,
  mayComplete,
  NOT_RECURRING,
  planTypeFor,
  RECURRENCE_FIELD_NAMES,
  voiceTitle,
} from "./plan-rules";

const ADA = 1;
const BEA = 2;
const CAL = 3;

describe("plan rules", () => {
  it("lets the creator complete a plan, and the assignee once they have accepted it", () => {
    const task = { creatorId: ADA, assignedTo: BEA, assignmentAccepted: null };
    expect(mayComplete(task, ADA)).toBe(true);
    expect(mayComplete(task, BEA)).toBe(false);
    expect(mayComplete({ ...task, assignmentAccepted: true }, BEA)).toBe(true);
    expect(mayComplete({ ...task, assignmentAccepted: false }, BEA)).toBe(false);
    expect(mayComplete({ ...task, assignmentAccepted: true }, CAL)).toBe(false);
    expect(mayComplete({ creatorId: ADA, assignedTo: null, assignmentAccepted: null }, BEA)).toBe(
      false,
    );
  });

  it("reminds the creator, and an assignee only once they have accepted: a pending task mails nobody it was pushed on", () => {
    const task = { creatorId: ADA, assignedTo: BEA, assignmentAccepted: null };
    expect(isReminded(task, ADA)).toBe(true);
    expect(isReminded(task, BEA)).toBe(false);
    expect(isReminded({ ...task, assignmentAccepted: false }, BEA)).toBe(false);
    expect(isReminded({ ...task, assignmentAccepted: true }, BEA)).toBe(true);
    expect(isReminded({ ...task, assignmentAccepted: true }, CAL)).toBe(false);
    expect(isReminded({ creatorId: ADA, assignedTo: ADA, assignmentAccepted: null }, ADA)).toBe(
      true,
    );
  });

  it("makes an assigned plan a task and leaves an unassigned one as it is", () => {
    expect(planTypeFor(BEA, "event")).toBe("task");
    expect(planTypeFor(BEA, "todo")).toBe("task");
    expect(planTypeFor(null, "todo")).toBe("todo");
    expect(planTypeFor(null, "event")).toBe("event");
  });

  it("cuts a title over 50 characters to 47 and an ellipsis, first letter capital", () => {
    const fifty = "a".repeat(50);
    expect(voiceTitle(fifty)).toBe(`A${"a".repeat(49)}`);
    const long = "pick up the dry cleaning and the birthday cake from the bakery on main street";
    const title = voiceTitle(long);
    expect(title).toBe("Pick up the dry cleaning and the birthday cake ...");
    expect(title).toHaveLength(50);
    expect(voiceTitle("  dentist with\nEmma ")).toBe("Dentist with Emma");
  });

  it("names every repeat field once, all empty for a one-off plan", () => {
    expect(Object.keys(NOT_RECURRING)).toEqual(RECURRENCE_FIELD_NAMES);
    expect(MONTHLY_BY).toEqual(["dayOfMonth", "weekdayOfMonth"]);
  });
});
