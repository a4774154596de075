import { autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import type { ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * A shown tooltip's text above its trigger (below when there is no room), kept on screen:
 * floating-ui, the engine under Radix's popper. Loaded on the first hover (tooltip.tsx).
 */
export function TooltipBubble({
  id,
  anchor,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  children: ReactNode;
}) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor },
    placement: "top",
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
    <div
      ref={refs.setFloating}
      id={id}
      role="tooltip"
      style={floatingStyles}
      className="pointer-events-none z-50 w-max max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
    >
      {children}
    </div>,
    document.body,
  );
}
