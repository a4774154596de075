/**
 * The screens a test file saves for a person to look at: each taken once it is still, checked
 * with axe (a serious finding fails the test), and saved at phone size as
 * test-results/screenshots/<prefix>-<name>.png; at desktop size too (<name>-desktop.png) only
 * where the test asks (`desktop: true`), for the screens whose layout changes with the width.
 */
import type { Page } from "playwright-core";
import { useAxeAudit } from "./axe";
import { settleScreen } from "./browser-steps";
import { screenshot, screenshotBothSizes } from "./harness";

export type SaveScreen = (
  page: Page,
  name: string,
  options?: { fullPage?: boolean; desktop?: boolean },
) => Promise<void>;

export function useScreens(prefix: string): SaveScreen {
  const audit = useAxeAudit();
  return async (page, name, { fullPage = true, desktop = false } = {}) => {
    await settleScreen(page);
    await audit(page, name);
    if (desktop) await screenshotBothSizes(page, `${prefix}-${name}`, { fullPage });
    else await screenshot(page, `${prefix}-${name}`, { fullPage });
  };
}
