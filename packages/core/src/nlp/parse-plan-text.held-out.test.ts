/**
 * The held-out sentences (corpus/held-out.ts), scored, never tuned against: the score is printed
 * with every sentence that missed a field, and the test holds the reader to a floor so that a
 * change that makes it worse at everyday language fails.
 */
import { beforeAll, expect, it } from "vitest";
import { expectedPlan, FAMILY, fieldDifferences, instantOf } from "./corpus/corpus-case";
import { HELD_OUT } from "./corpus/held-out";
import { type LanguageLibraries, loadLanguageLibraries } from "./language-libraries";
import { readPlan } from "./parse-plan-text";

/** The share of held-out sentences that must be right in every field. */
const FLOOR = 0.9;

let libraries: LanguageLibraries;
beforeAll(async () => {
  libraries = await loadLanguageLibraries();
});

it(`reads at least ${FLOOR * 100}% of the held-out sentences right in every field`, () => {
  const misses: string[] = [];
  for (const sentence of HELD_OUT) {
    const { zone, now } = sentence.scene;
    const got = readPlan(
      sentence.text,
      { timeZone: zone, now: instantOf(now, zone), members: FAMILY },
      libraries,
    );
    const differences = fieldDifferences(got, expectedPlan(sentence));
    if (differences.length > 0)
      misses.push(`"${sentence.text}"\n    ${differences.join("\n    ")}`);
  }
  const right = HELD_OUT.length - misses.length;
  console.log(
    `held-out: ${right}/${HELD_OUT.length} right in every field (${((100 * right) / HELD_OUT.length).toFixed(1)}%)` +
      (misses.length > 0 ? `\n  missed:\n  ${misses.join("\n  ")}` : ""),
  );
  expect(right / HELD_OUT.length).toBeGreaterThanOrEqual(FLOOR);
});
