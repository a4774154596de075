import { useEffect, useRef } from "react";

/**
 * The window-level events the circle page answers (spec section 2: open circle detail modal,
 * open manual event form, open voice input modal, edit event). Any part of the app (the shell,
 * a reminder, a later voice button) can ask the open circle page for one of these without
 * holding a reference to it: `window.dispatchEvent(circlePageEvent("circleplan:edit-event",
 * { eventId: 12 }))`. Nothing happens when no circle page is open.
 */
export interface CirclePageEventDetails {
  /** Opens the circle detail dialog (members, invitations, settings). */
  "circleplan:open-circle-detail": undefined;
  /** Opens the plan form for a new plan in this circle, on `date` (yyyy-MM-dd) when given. */
  "circleplan:open-manual-event-form": { date?: string } | undefined;
  /** Opens voice entry (Create Event with Voice) for a plan in this circle, on `date` when given. */
  "circleplan:open-voice-input": { date?: string } | undefined;
  /** Loads the plan and opens its edit form. */
  "circleplan:edit-event": { eventId: number };
}

export type CirclePageEventName = keyof CirclePageEventDetails;

export const CIRCLE_PAGE_EVENTS = {
  openCircleDetail: "circleplan:open-circle-detail",
  openManualPlanForm: "circleplan:open-manual-event-form",
  openVoiceInput: "circleplan:open-voice-input",
  editPlan: "circleplan:edit-event",
} as const satisfies Record<string, CirclePageEventName>;

export function circlePageEvent<Name extends CirclePageEventName>(
  name: Name,
  detail: CirclePageEventDetails[Name],
): CustomEvent<CirclePageEventDetails[Name]> {
  return new CustomEvent(name, { detail });
}

type Handlers = {
  [Name in CirclePageEventName]: (detail: CirclePageEventDetails[Name]) => void;
};

/** Listens for every circle page event while the page is mounted. */
export function useCirclePageEvents(handlers: Handlers): void {
  // The latest handlers, so the listeners are added once and never see stale state.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const names = Object.values(CIRCLE_PAGE_EVENTS);
    const listeners = names.map((name) => {
      const listener = (event: Event) => {
        const detail = (event as CustomEvent).detail;
        (latest.current[name] as (detail: unknown) => void)(detail);
      };
      window.addEventListener(name, listener);
      return [name, listener] as const;
    });
    return () => {
      for (const [name, listener] of listeners) window.removeEventListener(name, listener);
    };
  }, []);
}
