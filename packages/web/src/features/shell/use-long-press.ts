import { type MouseEvent, type PointerEvent, useCallback, useEffect, useRef } from "react";
import { LONG_PRESS_MS } from "@/lib/timings";

/** A finger that travels this far is scrolling the strip, not pressing and holding. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Press and hold (spec section 2: 500 ms) for a secondary action on something that also has a
 * primary one (a link), plus the same action from the context menu: the ContextMenu key and
 * Shift+F10 for keyboards, a right click for mice. The click that ends a long press is dropped,
 * so holding a link opens its options without also following it.
 */
export function useLongPress(onLongPress: () => void, delay = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const latest = useRef(onLongPress);
  latest.current = onLongPress;

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown(event: PointerEvent) {
      if (event.button !== 0) return;
      cancel();
      fired.current = false;
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        latest.current();
      }, delay);
    },
    onPointerMove(event: PointerEvent) {
      const from = origin.current;
      if (!from) return;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClick(event: MouseEvent) {
      if (!fired.current) return;
      fired.current = false;
      event.preventDefault();
    },
    onContextMenu(event: MouseEvent) {
      // Also what a touch screen sends at about the same moment as the timer: opening is
      // idempotent, so the second call changes nothing.
      event.preventDefault();
      cancel();
      latest.current();
    },
  };
}
