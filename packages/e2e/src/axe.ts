// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * axe-core in the page under test. Its source goes in through the DevTools protocol: the app's
 * Content Security Policy refuses an injected <script>, as it should.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";

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
