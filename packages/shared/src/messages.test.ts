import { expect, it } from "vitest";
import { messages } from "./messages";

// The texts quote the limits they are built from; the words themselves must not move.
it("words the limits as before", () => {
  expect(messages.circleNameTooLong).toBe("Circle name must be at most 50 characters");
  expect(messages.circleDescriptionTooLong).toBe("Description must be at most 500 characters");
  expect(messages.tooManyCircles).toBe("You have reached the limit of 50 circles.");
  expect(messages.circleFull).toBe("This circle has reached the limit of 100 members.");
  expect(messages.invitationMessageTooLong).toBe("Message must be at most 500 characters");
  expect(messages.inviteEmailsTooMany).toBe("You can invite at most 20 people at once.");
  expect(messages.remindersTooMany).toBe("You can set at most 4 reminders.");
  expect(messages.rangeTooLong).toBe("A range can cover at most 366 days.");
  expect(messages.attachmentsTooMany).toBe("A plan can hold at most 10 attachments.");
});
