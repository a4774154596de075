/** Custom reminder phrases (docs/decisions/011, "Custom reminders"). */
import { describe, expect, it } from "vitest";
import { REMINDER_MINUTES } from "./limits";
import { messages } from "./messages";
import { reminderTimesField } from "./plan-schemas";
import {
  phraseOfMinutes,
  REMINDER_OFFSET_MINUTES,
  REMINDER_PHRASE_MINUTES,
  reminderMinutesOf,
  reminderPhrase,
} from "./reminder-phrases";

describe("reminderMinutesOf", () => {
  it("reads the form's list as the spec gives it", () => {
    for (const [phrase, minutes] of Object.entries(REMINDER_MINUTES)) {
      expect(reminderMinutesOf(phrase)).toBe(minutes);
    }
  });

  it.each([
    ["45 minutes before", 45],
    ["180 minutes before", 180],
    ["3 hours before", 180],
    ["168 hours before", 10080],
    ["3 days before", 4320],
    ["7 days before", 10080],
  ])("reads %j as %i minutes", (phrase, minutes) => {
    expect(reminderMinutesOf(phrase)).toBe(minutes);
  });

  it.each([
    "181 minutes before",
    "8 days before",
    "2 weeks before",
    "0 minutes before",
    "1 hours before",
    "3 hour before",
    "03 hours before",
    "3 hours after",
    " 3 hours before",
    "None",
  ])("refuses %j: past a week, or not one spelling of an amount", (phrase) => {
    expect(reminderMinutesOf(phrase)).toBeNull();
  });
});

it("writes an amount as one phrase, and each offset back as the list's phrase where it has one", () => {
  expect(reminderPhrase(1, "hours")).toBe("1 hour before");
  expect(reminderPhrase(90, "minutes")).toBe("90 minutes before");
  expect(phraseOfMinutes(1440)).toBe("24 hours before");
  expect(phraseOfMinutes(180)).toBe("3 hours before");
  for (const [phrase, minutes] of REMINDER_PHRASE_MINUTES) {
    expect(reminderMinutesOf(phrase)).toBe(minutes);
  }
  // The scheduled job looks each offset up: the set stays small and within a week.
  expect(REMINDER_OFFSET_MINUTES.length).toBeLessThan(400);
  expect(Math.max(...REMINDER_OFFSET_MINUTES)).toBe(10080);
});

it("lets a plan store a custom reminder and refuses one no reminder can be", () => {
  expect(reminderTimesField.parse(["45 minutes before", "3 days before"])).toEqual([
    "45 minutes before",
    "3 days before",
  ]);
  const past = reminderTimesField.safeParse(["2 weeks before"]);
  expect(past.error?.issues[0]?.message).toBe(messages.reminderCustomOutOfRange);
  const unknown = reminderTimesField.safeParse(["soon"]);
  expect(unknown.error?.issues[0]?.message).toBe(messages.reminderUnknown);
});
