/**
 * The screens a test file saves for a person to look at: each taken once it is still, checked
 * with axe (a serious finding fails the test), and saved at phone and desktop size as
 * test-results/screenshots/<prefix>-<name>.png and <prefix>-<name>-desktop.png.
 */
import type { Page } from "playwright-core";
import { useAxeAudit } from "./axe";
import { settleScreen } from "./browser-steps";
import { screenshotBothSizes } from "./harness";

export type SaveScreen = (
  page: Page,
  name: string,
  options?: { fullPage?: boolean },
) => Promise<void>;

export function useScreens(prefix: string): SaveScreen {
  const audit = useAxeAudit();
  return async (page, name, { fullPage = true } = {}) => {
    await settleScreen(page);
    await audit(page, name);
    await screenshotBothSizes(page, `${prefix}-${name}`, { fullPage });
  };
}
