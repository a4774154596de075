// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * axe-core in the page under test. Its source goes in through the DevTools protocol: the app's
 * Content Security Policy refuses an injected <script>, as it should.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterEach, expect } from "vitest";
import { settleScreen } from "./browser-steps";

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

type AxeWindow = Window & { axe?: typeof axe };

/** What axe finds on the page as it is now, every rule it has, each finding with its impact. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const runner = (window as AxeWindow).axe;
    if (!runner) throw new Error("axe-core did not load");
    const result = await runner.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  });
}

/** A finding's elements, each as "rule target". */
function elementKeys(finding: AxeFinding): string[] {
  return finding.targets.map((target) => `${finding.rule} ${target}`);
}

/** The findings a person with a disability would be blocked or badly slowed by. */
export function isSerious(finding: AxeFinding): boolean {
  return finding.impact === "serious" || finding.impact === "critical";
}

/**
 * Axe for the screens of a test file: `audit(page, screen)` records what axe finds on the page
 * as it is now. After each test, a serious finding on any of its screens fails it: after, so the
 * screens that follow are still checked and saved for a person to look at. Lesser findings are
 * printed.
 */
export function useAxeAudit(): (page: Page, screen: string) => Promise<void> {
  let found: { screen: string; finding: AxeFinding }[] = [];
  afterEach(() => {
    const thisTest = found;
    found = [];
    for (const { screen, finding } of thisTest.filter(({ finding }) => !isSerious(finding))) {
      console.log(`axe ${finding.impact} on ${screen}: ${finding.rule} (${finding.targets[0]})`);
    }
    const serious = thisTest
      .filter(({ finding }) => isSerious(finding))
      .map(
        ({ screen, finding }) =>
          `${screen}: ${finding.rule} ${finding.help} (${finding.targets.join(", ")})`,
      );
    // The findings go in the message's first line too, the one the suite's summary keeps.
    expect(serious, `axe: ${serious.join("; ")}`).toEqual([]);
  });
  return async (page, screen) => {
    let findings = await axeFindings(page);
    if (findings.some(isSerious)) {
      // axe takes a while on a busy machine, and the page goes on meanwhile: a toast that starts
      // fading out mid-run reads as text of too little contrast. So a serious finding is judged
      // on a second run once the screen is still again: what that run finds is the screen's own
      // (every element of it, new ones too); an element only the first run named was a moment
      // in a transition.
      const first = findings;
      await settleScreen(page);
      findings = await axeFindings(page);
      const still = new Set(findings.flatMap((finding) => elementKeys(finding)));
      for (const finding of first.filter(isSerious)) {
        for (const key of elementKeys(finding).filter((key) => !still.has(key))) {
          console.log(`axe (gone once still) on ${screen}: ${key}`);
        }
      }
    }
    for (const finding of findings) found.push({ screen, finding });
  };
}
