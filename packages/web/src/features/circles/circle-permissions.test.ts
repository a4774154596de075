import { describe, expect, it } from "vitest";
import {
  canDeleteFromDialog,
  canInvite,
  canLeave,
  memberActions,
  showsDangerZone,
} from "./circle-permissions";

const circle = (
  type: "personal" | "family" | "work" | "custom",
  role: "admin" | "member",
  isCreator = false,
) => ({ type, role, isCreator });

describe("circle permissions", () => {
  it("lets admins invite, except in a personal circle", () => {
    expect(canInvite(circle("family", "admin"))).toBe(true);
    expect(canInvite(circle("custom", "admin"))).toBe(true);
    expect(canInvite(circle("family", "member"))).toBe(false);
    expect(canInvite(circle("personal", "admin", true))).toBe(false);
  });

  it("offers deletion in the dialog to the creator of a work or custom circle", () => {
    expect(canDeleteFromDialog(circle("work", "admin", true))).toBe(true);
    expect(canDeleteFromDialog(circle("custom", "admin", true))).toBe(true);
    expect(canDeleteFromDialog(circle("family", "admin", true))).toBe(false);
    expect(canDeleteFromDialog(circle("personal", "admin", true))).toBe(false);
    expect(canDeleteFromDialog(circle("custom", "admin", false))).toBe(false);
  });

  it("shows the Danger Zone to the creator of a custom circle only", () => {
    expect(showsDangerZone(circle("custom", "admin", true))).toBe(true);
    expect(showsDangerZone(circle("work", "admin", true))).toBe(false);
    expect(showsDangerZone(circle("custom", "admin", false))).toBe(false);
  });

  it("lets an admin promote and remove others, never themselves or the creator", () => {
    const admin = { userId: 1, isAdmin: true, isCreator: false };
    expect(memberActions({ userId: 2, role: "member", isCreator: false }, admin)).toEqual({
      promote: true,
      demote: false,
      remove: true,
    });
    expect(memberActions({ userId: 3, role: "admin", isCreator: false }, admin)).toEqual({
      promote: false,
      demote: false,
      remove: true,
    });
    expect(memberActions({ userId: 1, role: "admin", isCreator: false }, admin)).toEqual({
      promote: false,
      demote: false,
      remove: false,
    });
    expect(memberActions({ userId: 4, role: "admin", isCreator: true }, admin)).toEqual({
      promote: false,
      demote: false,
      remove: false,
    });
    expect(
      memberActions(
        { userId: 2, role: "member", isCreator: false },
        { userId: 5, isAdmin: false, isCreator: false },
      ),
    ).toEqual({ promote: false, demote: false, remove: false });
  });

  it("lets only the creator make an admin a member again, never themselves", () => {
    const creator = { userId: 4, isAdmin: true, isCreator: true };
    expect(memberActions({ userId: 3, role: "admin", isCreator: false }, creator)).toEqual({
      promote: false,
      demote: true,
      remove: true,
    });
    expect(memberActions({ userId: 2, role: "member", isCreator: false }, creator).demote).toBe(
      false,
    );
    expect(memberActions({ userId: 4, role: "admin", isCreator: true }, creator).demote).toBe(
      false,
    );
  });

  it("lets every member but the creator leave, never a personal circle", () => {
    expect(canLeave(circle("family", "member"))).toBe(true);
    expect(canLeave(circle("custom", "admin"))).toBe(true);
    expect(canLeave(circle("family", "admin", true))).toBe(false);
    expect(canLeave(circle("personal", "admin", true))).toBe(false);
  });
});
