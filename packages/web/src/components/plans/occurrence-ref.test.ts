import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture } from "../../testing/plan-fixtures";
import { scopeOf } from "./occurrence-ref";

describe("which occurrence a change is about", () => {
  it("names an all-day occurrence by its date, and a one-off plan not at all", () => {
    expect(
      scopeOf(
        occurrenceFixture({ allDay: true, originalStartTime: null, originalDate: "2026-11-22" }),
        "occurrence",
      ),
    ).toEqual({ scope: "occurrence", occurrenceDate: "2026-11-22" });
    expect(scopeOf(planFixture(), "all")).toEqual({});
  });
});
