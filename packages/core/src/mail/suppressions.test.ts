import { describe, expect, it } from "vitest";
import { readMailFeedback } from "./suppressions";
import { sesBounce, sesComplaint } from "./testing/ses-events";

describe("readMailFeedback", () => {
  it("suppresses the recipient of a permanent bounce, lower-cased", () => {
    expect(readMailFeedback(sesBounce("Gone@Example.com"))).toEqual({
      reason: "bounce",
      detail: "Permanent/General",
      addresses: ["gone@example.com"],
    });
  });

  it("suppresses a complainer, from event publishing and from identity notifications alike", () => {
    expect(readMailFeedback(sesComplaint("angry@example.com"))).toMatchObject({
      reason: "complaint",
      detail: "abuse",
      addresses: ["angry@example.com"],
    });
    const { eventType: _, ...notification } = sesComplaint("Angry <angry@example.com>");
    expect(readMailFeedback({ ...notification, notificationType: "Complaint" })?.addresses).toEqual(
      ["angry@example.com"],
    );
  });

  it("keeps sending through a transient or undetermined bounce (a full mailbox comes back)", () => {
    expect(readMailFeedback(sesBounce("full@example.com", "Transient", "MailboxFull"))).toBeNull();
    expect(readMailFeedback(sesBounce("odd@example.com", "Undetermined"))).toBeNull();
  });

  it("reads nothing into other events or malformed ones", () => {
    for (const event of [
      null,
      "Bounce",
      { eventType: "Delivery", delivery: {} },
      { eventType: "Bounce" },
      { eventType: "Bounce", bounce: { bounceType: "Permanent", bouncedRecipients: "x" } },
      { eventType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: 7 }] } },
    ]) {
      expect(readMailFeedback(event), JSON.stringify(event)).toBeNull();
    }
    expect(
      readMailFeedback(sesBounce("not-an-address"))?.addresses,
      "a recipient without an @ names no mailbox",
    ).toEqual([]);
  });
});
