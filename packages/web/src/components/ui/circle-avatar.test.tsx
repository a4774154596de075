import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  CircleAvatar,
  circleInitial,
  contrastRatio,
  displayColor,
  STRIP_FALLBACK_COLOR,
  textColorOn,
  UNKNOWN_COLOR,
} from "./circle-avatar";

describe("circle colours", () => {
  it("keeps a usable colour and falls back for a missing or malformed one", () => {
    expect(displayColor("#10b981")).toBe("#10B981");
    expect(displayColor(null)).toBe(UNKNOWN_COLOR);
    expect(displayColor("")).toBe(UNKNOWN_COLOR);
    expect(displayColor("red")).toBe(UNKNOWN_COLOR);
    expect(displayColor("#12345", STRIP_FALLBACK_COLOR)).toBe(STRIP_FALLBACK_COLOR);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#FFFFFF", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
  });

  it("draws the initial in whichever of white or near-black reads better", () => {
    expect(textColorOn("#4F46E5")).toBe("#FFFFFF");
    expect(textColorOn("#FDE68A")).toBe("#111827");
    expect(textColorOn("#10B981")).toBe("#111827");
    for (const color of ["#4F46E5", "#FDE68A", "#10B981", "#8B5CF6", "#6B7280", "#EF4444"]) {
      // Large bold text (the initial) needs 3:1; the better of the two always reaches it here.
      expect(contrastRatio(color, textColorOn(color))).toBeGreaterThanOrEqual(3);
    }
  });

  it("takes the first letter, whole even when it is outside the basic plane", () => {
    expect(circleInitial("  family ")).toBe("F");
    expect(circleInitial("évora")).toBe("É");
    expect(circleInitial("😀 fun")).toBe("😀");
    expect(circleInitial("   ")).toBe("?");
  });
});

describe("CircleAvatar", () => {
  it("draws the first letter on the circle's colour, in a colour that reads on it", () => {
    render(<CircleAvatar name="family" color="#FDE68A" src={null} />);
    expect(screen.getByText("F")).toHaveStyle({ backgroundColor: "#FDE68A", color: "#111827" });
  });

  it("falls back to the colour the screen names when the circle's cannot be drawn", () => {
    render(
      <CircleAvatar name="work" color="grey" src={null} fallbackColor={STRIP_FALLBACK_COLOR} />,
    );
    expect(screen.getByText("W")).toHaveStyle({ backgroundColor: STRIP_FALLBACK_COLOR });
  });
});
