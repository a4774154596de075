import { Slot } from "radix-ui";
import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * Our overlays (dialog, alert dialog, sheet, menu, popover) on top of Radix, which no first
 * screen downloads (decision 005, "The first load on a phone"):
 * - Radix's overlays come in overlay-kit.ts, loaded the first time any overlay opens.
 * - Until its first opening, an overlay's root is a context and its trigger a plain button with
 *   the same name, role and keys; the trigger asks to open, the kit loads, and Radix's root
 *   renders open, the trigger Radix's own from then on.
 * - An overlay's content renders only while open. Radix keeps a closed overlay's content mounted
 *   behind its Presence, which sent itself an update from a layout effect as it mounted: on a
 *   screen's first commit React then ran every effect and a second render in the same task.
 *
 * A trigger that renders before the first opening is a different element after it: focus moves
 * into the opened overlay anyway, and Radix gives it back to the trigger as it is then.
 */
export type OverlayKit = typeof import("./overlay-kit").overlayKit;

let loadedKit: OverlayKit | undefined;
let loadingKit: Promise<OverlayKit> | undefined;

/** Radix's overlays, downloaded once; a failed download is tried again on the next opening. */
export function loadOverlayKit(): Promise<OverlayKit> {
  loadingKit ??= import("./overlay-kit").then(
    (module) => {
      loadedKit = module.overlayKit;
      return loadedKit;
    },
    (error: unknown) => {
      loadingKit = undefined;
      throw error;
    },
  );
  return loadingKit;
}

/** The kit, for what renders only inside an open overlay (its content, items and titles). */
export function overlayKit(): OverlayKit {
  if (!loadedKit) throw new Error("An overlay's content rendered before Radix's overlays loaded");
  return loadedKit;
}

type OpenedBy = "pointer" | "keyboard";

interface OverlayState {
  /** Whether the content shows: Radix's root is mounted, and open. */
  open: boolean;
  /** Radix's root is mounted (from the first opening on), so its trigger is Radix's too. */
  armed: boolean;
  requestOpen(by: OpenedBy): void;
  /** Set by a plain trigger opened from the keyboard, for a menu to focus its first item. */
  openedByKeyboard: RefObject<boolean>;
}

const OverlayContext = createContext<OverlayState | null>(null);

/** Whether the overlay around is open; true outside any. */
export function useOverlayOpen(): boolean {
  return useContext(OverlayContext)?.open ?? true;
}

/**
 * True once, on the opening a plain trigger asked for from the keyboard. Radix's menu moves
 * focus to its first item when opened with a key, which it knows from a listener its root adds
 * as it mounts: after the key, on a first opening.
 */
export function useTakeOpenedByKeyboard(): () => boolean {
  const overlay = useContext(OverlayContext);
  return useCallback(() => {
    if (!overlay?.openedByKeyboard.current) return false;
    overlay.openedByKeyboard.current = false;
    return true;
  }, [overlay]);
}

/** Which of the kit's overlays: each has a Root and a Trigger. */
export type OverlayKind = keyof OverlayKit;

interface RootProps {
  kind: OverlayKind;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
  children?: ReactNode;
  /** The rest of Radix's root props (a menu's `modal`, for one). */
  [prop: string]: unknown;
}

/** The kit once this overlay has been open and it has loaded; undefined before. */
function useKitOnceOpened(open: boolean, onFailure: () => void): OverlayKit | undefined {
  const [kit, setKit] = useState<OverlayKit | undefined>(open ? loadedKit : undefined);
  if (open && !kit && loadedKit) setKit(loadedKit);
  useEffect(() => {
    if (!open || kit) return;
    let current = true;
    loadOverlayKit().then(
      (loaded) => {
        if (current) setKit(loaded);
      },
      // Vite reloads the page for a build that is gone (reload-on-stale-chunks.ts); offline,
      // the overlay stays closed and opens on the next try.
      () => {
        if (current) onFailure();
      },
    );
    return () => {
      current = false;
    };
  }, [open, kit, onFailure]);
  return kit;
}

/**
 * An overlay's root: Radix's of that kind from its first opening on, controlled when given
 * `open` and its own state otherwise, as Radix's roots are.
 */
export function OverlayRoot({
  kind,
  open,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: RootProps) {
  const [own, setOwn] = useState(defaultOpen);
  const controlled = open !== undefined;
  const current = controlled ? open : own;
  const openedByKeyboard = useRef(false);
  const change = useCallback(
    (next: boolean) => {
      // Only the opening it was asked for: a later one through Radix's trigger is Radix's own.
      if (!next) openedByKeyboard.current = false;
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const close = useCallback(() => change(false), [change]);
  const kit = useKitOnceOpened(current, close);
  const requestOpen = useCallback(
    (by: OpenedBy) => {
      openedByKeyboard.current = by === "keyboard";
      change(true);
    },
    [change],
  );
  const armed = kit !== undefined;
  const state = useMemo(
    () => ({ open: armed && current, armed, requestOpen, openedByKeyboard }),
    [armed, current, requestOpen],
  );
  if (!kit) return <OverlayContext.Provider value={state}>{children}</OverlayContext.Provider>;
  const Root = kit[kind].Root as ComponentType<Omit<RootProps, "kind">>;
  return (
    <OverlayContext.Provider value={state}>
      <Root {...props} open={current} onOpenChange={change}>
        {children}
      </Root>
    </OverlayContext.Provider>
  );
}

export interface TriggerProps extends ComponentProps<"button"> {
  asChild?: boolean;
}

/**
 * An overlay's trigger: Radix's once its root is, before that a button with the same role,
 * name and state that asks to open. A menu opens as Radix's does, on a press or on Enter, Space
 * or ArrowDown; a dialog or popover on a click.
 */
export function OverlayTrigger({ kind, ...props }: TriggerProps & { kind: OverlayKind }) {
  const overlay = useContext(OverlayContext);
  if (overlay?.armed) {
    const Trigger = overlayKit()[kind].Trigger as ComponentType<TriggerProps>;
    return <Trigger {...props} />;
  }
  const popup = kind === "DropdownMenu" ? "menu" : "dialog";
  return <PlainTrigger {...props} popup={popup} onRequest={overlay?.requestOpen} />;
}

const MENU_KEYS = new Set(["Enter", " ", "ArrowDown"]);

function PlainTrigger({
  asChild,
  popup,
  onRequest,
  onPointerDown,
  onPointerEnter,
  onFocus,
  onKeyDown,
  onClick,
  ...props
}: TriggerProps & { popup: "menu" | "dialog"; onRequest: ((by: OpenedBy) => void) | undefined }) {
  const Comp = asChild ? Slot.Root : "button";
  const usable = !props.disabled && onRequest;
  const menu = popup === "menu";
  return (
    <Comp
      type={asChild ? undefined : "button"}
      aria-haspopup={popup}
      aria-expanded={false}
      data-state="closed"
      {...props}
      // The kit starts loading as a pointer comes near or focus arrives, before the press.
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        if (usable) void loadOverlayKit().catch(() => {});
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        if (usable) void loadOverlayKit().catch(() => {});
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        if (!menu || !usable || event.defaultPrevented) return;
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's menu: the trigger keeps no focus, which goes into the menu.
        event.preventDefault();
        onRequest("pointer");
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (!menu || !usable || event.defaultPrevented || !MENU_KEYS.has(event.key)) return;
        event.preventDefault();
        onRequest("keyboard");
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (menu || !usable || event.defaultPrevented) return;
        onRequest("pointer");
      }}
    />
  );
}
