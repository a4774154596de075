import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import type { SignedInCaller } from "../deps";
import { AppError } from "../errors";
import {
  type AdminCaller,
  type CircleAccess,
  type CreatorCaller,
  checkAdmin,
  checkCreator,
  type MemberCaller,
} from "./access";

const signedIn: SignedInCaller = { userId: 7, sessionId: "s", ip: "127.0.0.1", requestId: "r" };

function access(role: "admin" | "member", creatorId: number): CircleAccess {
  const at = new Date("2026-01-01T00:00:00Z");
  return {
    circle: {
      id: 1,
      name: "Family",
      description: null,
      type: "family",
      color: "#000000",
      photoKey: null,
      creatorId,
      createdAt: at,
      updatedAt: at,
    },
    membership: {
      id: 2,
      circleId: 1,
      userId: 7,
      role,
      relationship: null,
      color: "#3B82F6",
      notify: "default",
      createdAt: at,
    },
    isAdmin: role === "admin" || creatorId === 7,
    isCreator: creatorId === 7,
  };
}

/** Stands in for checkMember, which needs a database; the checks below are what is tested. */
const member = (role: "admin" | "member", creatorId = 99) =>
  ({ ...signedIn, circle: access(role, creatorId) }) as MemberCaller;

describe("checked callers", () => {
  it("cannot be written by hand: only access.ts's checks make one", () => {
    // @ts-expect-error a signed-in caller with an access object is not a checked member
    const forgedMember: MemberCaller = { ...signedIn, circle: access("admin", 7) };
    // @ts-expect-error a member is not an admin until checkAdmin says so
    const forgedAdmin: AdminCaller = member("admin");
    // @ts-expect-error an admin is not the creator until checkCreator says so
    const forgedCreator: CreatorCaller = checkAdmin(member("admin"));
    expect([forgedMember, forgedAdmin, forgedCreator]).toHaveLength(3);
  });

  it("checkAdmin passes admins and the creator, and answers a plain member 403", () => {
    expect(checkAdmin(member("admin")).circle.isAdmin).toBe(true);
    expect(checkAdmin(member("member", 7)).circle.isCreator).toBe(true);
    expect(() => checkAdmin(member("member"))).toThrow(
      new AppError("FORBIDDEN", messages.circleAdminOnly),
    );
  });

  it("checkCreator passes the creator only, with the action's own 403 message", () => {
    expect(checkCreator(member("member", 7), "no").circle.isCreator).toBe(true);
    let refused: unknown;
    try {
      checkCreator(member("admin"), messages.circleDeleteCreatorOnly);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: messages.circleDeleteCreatorOnly,
    });
  });
});
