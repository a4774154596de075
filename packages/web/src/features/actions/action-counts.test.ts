import { describe, expect, it } from "vitest";
import { attentionText, badgeText } from "./action-counts";

describe("the Action Center's words", () => {
  it("says how many items need attention, singular and plural", () => {
    expect(attentionText(0)).toBe("No pending actions");
    expect(attentionText(1)).toBe("1 item needs your attention");
    expect(attentionText(2)).toBe("2 items need your attention");
    expect(attentionText(12)).toBe("12 items need your attention");
  });

  it("caps the badge at 9+", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(140)).toBe("9+");
  });
});
