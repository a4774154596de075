/** Snapping a said amount to the plan form's reminder choices (REMINDER_MINUTES). */
import { REMINDER_MINUTES } from "@circleplan/shared/limits";
import { describe, expect, it } from "vitest";
import { nearestChoice } from "./reminders";

describe("nearestChoice", () => {
  it.each([
    [1, 1, "1 minute before"],
    [10, 1, "10 minutes before"],
    [20, 1, "15 minutes before"],
    [45, 1, "1 hour before"],
    [60, 1, "1 hour before"],
    [90, 1, "2 hours before"],
    [180, 60, "2 hours before"],
    [720, 60, "24 hours before"],
    [1440, 60, "24 hours before"],
    [1440, 1440, "1 day before"],
    [2880, 60, "2 days before"],
    [4320, 1440, "2 days before"],
    [5760, 1440, "1 week before"],
    [100_000, 10080, "1 week before"],
  ])("%i minutes (said in %i-minute units) → %s", (minutes, unit, phrase) => {
    expect(nearestChoice(minutes, unit)).toBe(phrase);
  });

  it("answers only phrases of the form's list", () => {
    for (let minutes = 1; minutes < 20_000; minutes += 7) {
      expect(REMINDER_MINUTES).toHaveProperty([nearestChoice(minutes, 1)]);
    }
  });
});
