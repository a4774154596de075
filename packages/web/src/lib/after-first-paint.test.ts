import { describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./after-first-paint";

function tab(visibilityState: DocumentVisibilityState) {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  return {
    frames,
    tasks,
    document: { visibilityState },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(() => callback(0)),
    setTimeout: ((callback: () => void) => tasks.push(callback)) as unknown as Window["setTimeout"],
  };
}

describe("afterFirstPaint", () => {
  it("starts in the task after the next frame, not before the frame paints", () => {
    const visible = tab("visible");
    const start = vi.fn();
    afterFirstPaint(start, visible);
    expect(start).not.toHaveBeenCalled();
    visible.frames.shift()?.();
    expect(start).not.toHaveBeenCalled();
    visible.tasks.shift()?.();
    expect(start).toHaveBeenCalledOnce();
  });

  it("starts at once in a hidden tab, which paints no frames", () => {
    const start = vi.fn();
    afterFirstPaint(start, tab("hidden"));
    expect(start).toHaveBeenCalledOnce();
  });
});
