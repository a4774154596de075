/**
 * Polls `condition` until it holds: for what a test cannot be told directly (a background
 * flush, a run another caller started). The limit only ends a hang; it is far above any quiet
 * machine's wait, so a busy machine does not fail the test.
 */
export async function waitUntil(
  condition: () => Promise<boolean>,
  { what = "condition", limitMs = 60_000 }: { what?: string; limitMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} not met in ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
