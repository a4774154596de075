import { type ComponentType, createContext, useCallback, useContext, useState } from "react";

/**
 * Whether the overlay (dialog, menu, popover) around is open; true outside any. Radix keeps a
 * closed overlay's content mounted behind its Presence, and each Presence, on mounting, sends
 * itself an update from a layout effect. On a screen's first commit those updates made React
 * run all the screen's effects and a second render in the same task: on the calendar one task
 * of ~60 ms, ~230 on a phone's CPU. Our overlays' contents render only while open, so a closed
 * one mounts its root and trigger alone (decision 005, "The first load on a phone"). A menu's,
 * popover's or tooltip's trigger also set its root's state as it mounted (Radix's popper anchor
 * and tooltip trigger): patched to do so as a transition (patches/@radix-ui__react-*.patch).
 */
const OverlayOpenContext = createContext(true);

export function useOverlayOpen(): boolean {
  return useContext(OverlayOpenContext);
}

interface OpenProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
}

/**
 * A Radix overlay root that tells its content whether it is open: controlled when given `open`,
 * its own state otherwise, as Radix's roots are.
 */
export function withOverlayOpen<P extends OpenProps>(Root: ComponentType<P>) {
  function OverlayRoot({ open, defaultOpen = false, onOpenChange, ...props }: P) {
    const [own, setOwn] = useState(defaultOpen);
    const controlled = open !== undefined;
    const current = controlled ? open : own;
    const change = useCallback(
      (next: boolean) => {
        if (!controlled) setOwn(next);
        onOpenChange?.(next);
      },
      [controlled, onOpenChange],
    );
    const rootProps = { ...props, open: current, onOpenChange: change } as P;
    return (
      <OverlayOpenContext.Provider value={current}>
        <Root {...rootProps} />
      </OverlayOpenContext.Provider>
    );
  }
  OverlayRoot.displayName = `WithOverlayOpen(${Root.displayName ?? Root.name})`;
  return OverlayRoot;
}
