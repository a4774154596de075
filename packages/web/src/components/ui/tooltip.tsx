import { Slot } from "radix-ui";
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/timings";

const loadBubble = () => import("./tooltip-bubble");
const TooltipBubble = lazy(() => loadBubble().then((m) => ({ default: m.TooltipBubble })));

/**
 * When the last tooltip hid: another one shown within the skip delay shows at once, as moving
 * along a row of buttons does (accounts spec, section 9: delay 700 ms, skip delay 300 ms).
 */
let lastHiddenAt = Number.NEGATIVE_INFINITY;

/** Keyboard focus shows a tip; a click's focus does not (it would on a phone's every tap). */
function focusedByKeyboard(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return true;
  }
}

/**
 * A trigger with a short text tip; the trigger keeps its own accessible name, and the tip is
 * its description while shown. The tip shows after the spec's delay on a mouse's hover and at
 * once on keyboard focus, never on touch; it hides on leaving, a press, Escape or a scroll.
 *
 * Not Radix's tooltip: its trigger must be Radix's own element and its provider wrap the app,
 * so it would be in every first screen (decision 005, "The first load on a phone"). The trigger
 * here is the child itself; the bubble, placed by floating-ui as Radix's is, loads on first hover.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const show = useCallback((now: boolean) => {
    window.clearTimeout(timer.current);
    void loadBubble().catch(() => {});
    if (now || performance.now() - lastHiddenAt < TOOLTIP_SKIP_DELAY_MS) setShown(true);
    else timer.current = window.setTimeout(() => setShown(true), TOOLTIP_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setShown((was) => {
      if (was) lastHiddenAt = performance.now();
      return false;
    });
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", hide, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", hide, true);
    };
  }, [shown, hide]);

  return (
    <>
      <Slot.Root
        ref={setTrigger}
        aria-describedby={shown ? id : undefined}
        onPointerEnter={(event) => {
          if (event.pointerType !== "touch") show(false);
        }}
        onPointerLeave={hide}
        onPointerDown={hide}
        onFocus={(event) => {
          if (focusedByKeyboard(event.currentTarget)) show(true);
        }}
        onBlur={hide}
      >
        {children}
      </Slot.Root>
      {shown && trigger ? (
        <Suspense fallback={null}>
          <TooltipBubble id={id} anchor={trigger}>
            {content}
          </TooltipBubble>
        </Suspense>
      ) : null}
    </>
  );
}
