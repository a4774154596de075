import { readFileSync } from "node:fs";
import path from "node:path";
import { MEMBER_COLORS } from "@circleplan/shared/limits";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "./circle-avatar";
import { MemberDot } from "./member-dot";

/** An `oklch(L C H)` of index.css as #RRGGBB (the CSS Color 4 conversion, clipped to sRGB). */
function oklchToHex(l: number, c: number, h: number): string {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const lms = [
    (l + 0.3963377774 * a + 0.2158037573 * b) ** 3,
    (l - 0.1055613458 * a - 0.0638541728 * b) ** 3,
    (l - 0.0894841775 * a - 1.291485548 * b) ** 3,
  ] as const;
  const linear = [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ];
  const channel = (value: number) => {
    const v = Math.min(1, Math.max(0, value));
    const encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    return Math.round(encoded * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${linear.map(channel).join("")}`.toUpperCase();
}

/** The surfaces plans and member lists sit on, in one theme's block of index.css. */
function surfaces(block: ":root" | ".dark"): Record<string, string> {
  // happy-dom gives modules an http URL: the file is found from this one's directory instead.
  const css = readFileSync(path.join(import.meta.dirname, "../../index.css"), "utf8");
  const body = css.slice(css.indexOf(`${block} {`), css.indexOf("}", css.indexOf(`${block} {`)));
  const found: Record<string, string> = {};
  for (const name of ["background", "card", "muted", "warning"]) {
    const match = new RegExp(`--${name}: oklch\\(([\\d.]+) ([\\d.]+) ([\\d.]+)\\)`).exec(body);
    if (!match) throw new Error(`index.css has no --${name} in ${block}`);
    found[name] = oklchToHex(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  return found;
}

describe("member colours", () => {
  it("each reads at 3:1 or more on every surface of the light and the dark theme", () => {
    const failures: string[] = [];
    for (const [theme, block] of [
      ["light", ":root"],
      ["dark", ".dark"],
    ] as const) {
      for (const [surface, background] of Object.entries(surfaces(block))) {
        for (const color of MEMBER_COLORS) {
          const ratio = contrastRatio(color.value, background);
          if (ratio < 3) failures.push(`${color.name} on ${theme} ${surface}: ${ratio.toFixed(2)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("are ten distinct colours with distinct names", () => {
    expect(new Set(MEMBER_COLORS.map((c) => c.value)).size).toBe(MEMBER_COLORS.length);
    expect(new Set(MEMBER_COLORS.map((c) => c.name)).size).toBe(MEMBER_COLORS.length);
  });

  it("draws a dot hidden from assistive technology: the name beside it says whose it is", () => {
    render(
      <p>
        <MemberDot color="#db2777" />
        Bea
      </p>,
    );
    const dot = screen.getByTestId("member-dot");
    expect(dot).toHaveAttribute("aria-hidden", "true");
    expect(dot).toHaveStyle({ backgroundColor: "#DB2777" });
    expect(screen.getByText("Bea")).toBeVisible();
  });
});
