// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * axe-core in the page under test. Its source goes in through the DevTools protocol: the app's
 * Content Security Policy refuses an injected <script>, as it should.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterEach, expect } from "vitest";

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
    expect(
      thisTest
        .filter(({ finding }) => isSerious(finding))
        .map(
          ({ screen, finding }) =>
            `${screen}: ${finding.rule} ${finding.help} (${finding.targets.join(", ")})`,
        ),
    ).toEqual([]);
  });
  return async (page, screen) => {
    for (const finding of await axeFindings(page)) found.push({ screen, finding });
  };
}
