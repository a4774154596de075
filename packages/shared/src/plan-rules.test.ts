import { describe, expect, it } from "vitest";
import {
  type ChangePeople,
  isReminded,
  isToldOf,
  MONTHLY_BY,
  mayComplete,
  NO_INTEREST,
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
    const none = NO_INTEREST;
    expect(isReminded(task, ADA, none)).toBe(true);
    expect(isReminded(task, BEA, none)).toBe(false);
    expect(isReminded({ ...task, assignmentAccepted: false }, BEA, none)).toBe(false);
    expect(isReminded({ ...task, assignmentAccepted: true }, BEA, none)).toBe(true);
    expect(isReminded({ ...task, assignmentAccepted: true }, CAL, none)).toBe(false);
    expect(
      isReminded({ creatorId: ADA, assignedTo: ADA, assignmentAccepted: null }, ADA, none),
    ).toBe(true);
  });

  it("reminds followers of the plan or its circle; a mute silences all but a followed plan and an accepted task", () => {
    const task = { creatorId: ADA, assignedTo: BEA, assignmentAccepted: true };
    const following = { circle: "following", followsPlan: false } as const;
    const muted = { circle: "muted", followsPlan: false } as const;
    expect(isReminded(task, CAL, following)).toBe(true);
    expect(isReminded(task, CAL, { ...NO_INTEREST, followsPlan: true })).toBe(true);
    expect(isReminded(task, ADA, muted)).toBe(false);
    expect(isReminded(task, CAL, { ...muted, followsPlan: true })).toBe(true);
    expect(isReminded(task, BEA, muted)).toBe(true);
    expect(isReminded({ ...task, assignmentAccepted: null }, BEA, following)).toBe(true);
    expect(isReminded({ ...task, assignmentAccepted: null }, BEA, muted)).toBe(false);
  });

  it("tells whom a change concerns, never its actor, and whom it is addressed to even when muted", () => {
    const plan = { creatorId: ADA, assignedTo: BEA, assignmentAccepted: null };
    const muted = { circle: "muted", followsPlan: false } as const;
    const moved: ChangePeople = { kind: "plan_moved", actorId: ADA, plan };
    expect(isToldOf(moved, ADA, NO_INTEREST)).toBe(false);
    // Not yet accepted: the move is not the assignee's news.
    expect(isToldOf(moved, BEA, NO_INTEREST)).toBe(false);
    expect(isToldOf({ ...moved, actorId: CAL }, ADA, NO_INTEREST)).toBe(true);
    expect(isToldOf({ ...moved, actorId: CAL }, ADA, muted)).toBe(false);
    const assigned: ChangePeople = {
      kind: "task_assigned",
      actorId: ADA,
      plan,
      assigneeBefore: CAL,
      assigneeAfter: BEA,
    };
    expect(isToldOf(assigned, BEA, muted)).toBe(true);
    expect(isToldOf(assigned, CAL, muted)).toBe(true);
    const declined: ChangePeople = { kind: "task_declined", actorId: BEA, plan };
    expect(isToldOf(declined, ADA, muted)).toBe(true);
    expect(isToldOf(declined, BEA, NO_INTEREST)).toBe(false);
    const joined: ChangePeople = {
      kind: "member_joined",
      actorId: BEA,
      plan: null,
      memberId: BEA,
      inviterId: ADA,
    };
    expect(isToldOf(joined, ADA, muted)).toBe(true);
    expect(isToldOf(joined, CAL, NO_INTEREST)).toBe(false);
    expect(isToldOf(joined, CAL, { circle: "following", followsPlan: false })).toBe(true);
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
