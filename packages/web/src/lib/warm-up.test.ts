import { describe, expect, it, vi } from "vitest";
import { warmUpFirstRender } from "./warm-up";

describe("warmUpFirstRender", () => {
  it("pays each one-time cost in a task of its own, none in the caller's", async () => {
    const tasks: (() => void)[] = [];
    const tab = { setTimeout: ((task: () => void) => tasks.push(task)) as Window["setTimeout"] };
    // `format` is a getter on the prototype (it hands out a bound function).
    const prototype = Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown };
    const formatter = vi.spyOn(prototype, "format", "get");
    warmUpFirstRender(tab);
    expect(formatter).not.toHaveBeenCalled();
    expect(tasks).toHaveLength(2);
    tasks.shift()?.();
    expect(formatter).toHaveBeenCalledOnce();
    tasks.shift()?.();
    // The class helper's first call waits for its module, then for a task of its own.
    await vi.waitFor(() => expect(tasks).toHaveLength(1));
    expect(() => tasks.shift()?.()).not.toThrow();
  });
});
