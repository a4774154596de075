import { describe, expect, it } from "vitest";
import { invitationLanding } from "./invitation-landing";

describe("invitationLanding", () => {
  it("reads the mailed link: the token, its address, and a return path without the address", () => {
    expect(invitationLanding("/invitations/tok_EN-123?email=bea%40example.com")).toEqual({
      token: "tok_EN-123",
      email: "bea@example.com",
      returnTo: "/invitations/tok_EN-123",
    });
  });

  it("reads a shared link, which names no address", () => {
    expect(invitationLanding("/invitations/tok_EN-123")).toEqual({
      token: "tok_EN-123",
      email: null,
      returnTo: "/invitations/tok_EN-123",
    });
  });

  it("fills nothing from an address that is not one", () => {
    expect(invitationLanding("/invitations/tok?email=not-an-address")?.email).toBeNull();
    expect(
      invitationLanding(`/invitations/tok?email=${"a".repeat(200)}%40example.com`)?.email,
    ).toBeNull();
    expect(invitationLanding("/invitations/tok?email=bea%00%40example.com")?.email).toBeNull();
  });

  it.each(["/dashboard", "/invitations", "/invitations/", "/invitations/a/b", "/invitations/%E0"])(
    "is not an invitation: %s",
    (path) => {
      expect(invitationLanding(path)).toBeNull();
    },
  );
});
