/** useLongPress on a link: hold opens without following, a tap follows, a keyboard has its key. */

import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LONG_PRESS_MS } from "@/lib/timings";
import { useLongPress } from "./use-long-press";

function HoldableLink({ onHold, onFollow }: { onHold: () => void; onFollow: () => void }) {
  const handlers = useLongPress(onHold);
  return (
    <a
      href="/circle/1"
      {...handlers}
      onClick={(event) => {
        handlers.onClick(event);
        if (!event.defaultPrevented) onFollow();
        event.preventDefault();
      }}
    >
      Family
    </a>
  );
}

describe("useLongPress", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const onHold = vi.fn();
    const onFollow = vi.fn();
    render(<HoldableLink onHold={onHold} onFollow={onFollow} />);
    return { onHold, onFollow, link: screen.getByRole("link", { name: "Family" }) };
  }

  it("fires after the hold time and drops the click that ends the hold", () => {
    const { onHold, onFollow, link } = setup();
    fireEvent.pointerDown(link, { button: 0, clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
    expect(onHold).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onHold).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(link);
    fireEvent.click(link);
    expect(onFollow).not.toHaveBeenCalled();

    // The next ordinary tap follows the link again.
    fireEvent.pointerDown(link, { button: 0 });
    fireEvent.pointerUp(link);
    fireEvent.click(link);
    expect(onFollow).toHaveBeenCalledTimes(1);
  });

  it("lets a short tap follow the link and never fires later", () => {
    const { onHold, onFollow, link } = setup();
    fireEvent.pointerDown(link, { button: 0 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS / 2));
    fireEvent.pointerUp(link);
    fireEvent.click(link);
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(onFollow).toHaveBeenCalledTimes(1);
    expect(onHold).not.toHaveBeenCalled();
  });

  it("treats a finger that moves as scrolling", () => {
    const { onHold, link } = setup();
    fireEvent.pointerDown(link, { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(link, { clientX: 30, clientY: 0 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2));
    expect(onHold).not.toHaveBeenCalled();
  });

  it("opens from the context menu (ContextMenu key, Shift+F10, right click) at once", () => {
    const { onHold, link } = setup();
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    fireEvent(link, event);
    expect(onHold).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });
});
