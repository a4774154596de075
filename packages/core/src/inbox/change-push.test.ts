import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import { describe, expect, it } from "vitest";
import { changePath, changePushMessage } from "./change-push";

const ana = { id: 1, firstName: "Ana", lastName: "Silva" };

const entry = (fields: Partial<InboxEntry>): InboxEntry => ({
  id: 10,
  entryId: 100,
  circleId: 5,
  circleName: "Home",
  invitationId: null,
  actor: ana,
  kind: "plan_moved",
  planId: 7,
  occurrenceStart: null,
  occurrenceDate: null,
  scope: null,
  title: "Swimming",
  member: null,
  before: { start: "2026-12-01T17:00:00.000Z" },
  after: { start: "2026-12-01T23:30:00.000Z" },
  createdAt: new Date("2026-11-28T10:00:00Z"),
  readAt: null,
  ...fields,
});

describe("a change's notification", () => {
  it("opens a moved plan on its new day in the reader's zone", () => {
    expect(changePath(entry({}), "UTC")).toBe("/dashboard?date=2026-12-01&eventId=7");
    expect(changePath(entry({}), "Europe/Berlin")).toBe("/dashboard?date=2026-12-02&eventId=7");
  });

  it("opens the inbox for what has no plan to open, and an invitation on the invitations page", () => {
    expect(changePath(entry({ kind: "plan_deleted" }), "UTC")).toBe("/inbox");
    expect(changePath(entry({ kind: "member_joined", planId: null }), "UTC")).toBe("/inbox");
    expect(changePath(entry({ kind: "invitation_received", planId: null }), "UTC")).toBe(
      "/invitations",
    );
  });

  it("names several circles as 'your circles' and opens the inbox for several plans", () => {
    const message = changePushMessage(
      [entry({ id: 11 }), entry({ id: 12, circleName: "Work", planId: 8 })],
      { zone: "UTC", userId: 2, timeFormat: "24h" },
    );
    expect(message).toEqual({
      title: "Ana made 2 changes in your circles",
      body: "Ana moved Swimming from Tue 1 Dec 17:00 to Tue 1 Dec 23:30",
      url: "/inbox",
      tag: "change-11",
    });
  });

  it("writes the times on the reader's clock, a 12-hour one when they chose it (issue 21)", () => {
    const message = changePushMessage([entry({ id: 11 })], {
      zone: "UTC",
      userId: 2,
      timeFormat: "12h",
    });
    expect(message.body).toBe("Ana moved Swimming from Tue 1 Dec 5:00 PM to Tue 1 Dec 11:30 PM");
  });

  it("writes the screens' 24-hour times for a reader who never chose a clock (our text, not the spec's reminder)", () => {
    const message = changePushMessage([entry({ id: 11 })], {
      zone: "UTC",
      userId: 2,
      timeFormat: null,
    });
    expect(message.body).toBe("Ana moved Swimming from Tue 1 Dec 17:00 to Tue 1 Dec 23:30");
  });
});
