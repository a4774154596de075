/** A said amount as a reminder phrase (shared reminder-phrases.ts): kept as said where it can be. */
import { reminderMinutesOf } from "@circleplan/shared/reminder-phrases";
import { describe, expect, it } from "vitest";
import { reminderPhraseFor } from "./reminders";

describe("reminderPhraseFor", () => {
  it.each([
    [1, 1, "1 minute before"],
    [10, 1, "10 minutes before"],
    [20, 1, "20 minutes before"],
    [45, 1, "45 minutes before"],
    [60, 1, "1 hour before"],
    [90, 1, "90 minutes before"],
    [90, 60, "90 minutes before"],
    [180, 60, "3 hours before"],
    [200, 1, "3 hours before"],
    [720, 60, "12 hours before"],
    [1440, 60, "24 hours before"],
    [1440, 1440, "1 day before"],
    [2880, 60, "2 days before"],
    [4320, 1440, "3 days before"],
    [10080, 10080, "1 week before"],
    [20160, 10080, "1 week before"],
    [100_000, 10080, "1 week before"],
  ])("%i minutes (said in %i-minute units) → %s", (minutes, unit, phrase) => {
    expect(reminderPhraseFor(minutes, unit)).toBe(phrase);
  });

  it("answers only phrases a plan can store", () => {
    for (let minutes = 1; minutes < 20_000; minutes += 7) {
      expect(reminderMinutesOf(reminderPhraseFor(minutes, 1))).not.toBeNull();
    }
  });
});
