/**
 * The app's toasts, watched instead of shown: `spyOnToasts()` at the top of a component test
 * file replaces `toast.success`, `.error` and `.info` (lib/toast.ts) with spies for each test and
 * puts them back after it. Spies on the one shared module rather than `vi.mock`, so files
 * can share a worker's loaded modules (vitest.config.ts) without one file's fakes leaking into
 * the next.
 */

import { afterEach, beforeEach, type MockInstance, vi } from "vitest";
import { toast } from "@/lib/toast";

const WATCHED = ["success", "error", "info"] as const;

export function spyOnToasts(): void {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = WATCHED.map((kind) => vi.spyOn(toast, kind).mockImplementation(() => "toast"));
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
    spies = [];
  });
}
