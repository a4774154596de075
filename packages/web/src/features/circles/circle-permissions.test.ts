import { describe, expect, it } from "vitest";
import {
  canDeleteFromDialog,
  canInvite,
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
    const admin = { userId: 1, isAdmin: true };
    expect(memberActions({ userId: 2, role: "member", isCreator: false }, admin)).toEqual({
      promote: true,
      remove: true,
    });
    expect(memberActions({ userId: 3, role: "admin", isCreator: false }, admin)).toEqual({
      promote: false,
      remove: true,
    });
    expect(memberActions({ userId: 1, role: "admin", isCreator: false }, admin)).toEqual({
      promote: false,
      remove: false,
    });
    expect(memberActions({ userId: 4, role: "admin", isCreator: true }, admin)).toEqual({
      promote: false,
      remove: false,
    });
    expect(
      memberActions({ userId: 2, role: "member", isCreator: false }, { userId: 5, isAdmin: false }),
    ).toEqual({ promote: false, remove: false });
  });
});
