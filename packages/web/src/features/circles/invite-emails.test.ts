import { INVITE_BATCH_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { addInviteEmail, DUPLICATE_EMAIL } from "./invite-emails";

describe("addInviteEmail", () => {
  it("adds a valid address, trimmed", () => {
    expect(addInviteEmail([], "  ada@example.com ")).toEqual({
      ok: true,
      emails: ["ada@example.com"],
    });
  });

  it("refuses what is not an email address with the spec's message", () => {
    for (const typed of ["", "   ", "ada", "ada@example", "a@b.c d", "@example.com"]) {
      expect(addInviteEmail([], typed)).toEqual({
        ok: false,
        reason: "invalid",
        message: "Please enter a valid email address",
      });
    }
  });

  it("refuses an address already on the list in any letter case", () => {
    const result = addInviteEmail(["Ada@Example.com"], "ada@EXAMPLE.com");
    expect(result).toEqual({
      ok: false,
      reason: "duplicate",
      message: "This email address has already been added to the invitation list",
    });
    expect(DUPLICATE_EMAIL.title).toBe("Email already added");
  });

  it("stops at the number one request may carry", () => {
    const full = Array.from({ length: INVITE_BATCH_MAX }, (_, i) => `p${i}@example.com`);
    expect(addInviteEmail(full, "one-more@example.com")).toEqual({
      ok: false,
      reason: "full",
      message: messages.inviteEmailsTooMany,
    });
  });
});
