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

function findingKey(finding: AxeFinding): string {
  return `${finding.rule} ${finding.targets.join(", ")}`;
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
      // fading out mid-run reads as text of too little contrast. A finding still there once the
      // screen is still again is the screen's own; one gone was a moment in a transition.
      await settleScreen(page);
      const again = new Set((await axeFindings(page)).map(findingKey));
      for (const passing of findings.filter((finding) => !again.has(findingKey(finding)))) {
        console.log(`axe (gone once still) on ${screen}: ${passing.rule} (${passing.targets[0]})`);
      }
      findings = findings.filter((finding) => again.has(findingKey(finding)));
    }
    for (const finding of findings) found.push({ screen, finding });
  };
}
