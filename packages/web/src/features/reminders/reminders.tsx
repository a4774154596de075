/**
 * The reminder system, mounted once in the signed-in shell (lazy-reminders.tsx): the checks run
 * on every screen; the bell with its count of active reminders shows while there are some (it
 * opens the popup again after it was closed). The popup and the alerts (sound, notification,
 * date formatting) download the first time a reminder fires.
 */
import { BellRing } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { badgeText } from "@/features/actions/action-counts";
import { askPermissionOnFirstClick } from "./notification-permission";
import { useReminders } from "./use-reminders";

// A popup that cannot download (offline, a deploy replaced it) shows nothing rather than
// taking the whole shell down: the bell still counts the reminders.
const ReminderPopup = lazy(() =>
  import("./reminder-popup").then(
    (m) => ({ default: m.ReminderPopup }),
    () => ({ default: () => null }),
  ),
);

function reminderCountLabel(count: number): string {
  return count === 1 ? "1 active reminder" : `${count} active reminders`;
}

/**
 * Floats above the bottom bar, across from the add buttons, while reminders are active: the
 * header has no room left for it on a 320 px phone, and one place on every screen size is
 * easier to learn than two.
 */
function ReminderBell({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="fixed bottom-24 left-4 z-30 flex size-12 cursor-pointer items-center justify-center rounded-full border bg-card text-primary shadow-md transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:left-8"
    >
      <BellRing aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        data-testid="reminders-badge"
        className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs leading-none font-bold text-destructive-foreground"
      >
        {badgeText(count)}
      </span>
      <span className="sr-only">Reminders ({reminderCountLabel(count)})</span>
    </button>
  );
}

export function Reminders() {
  // The notification is the spec's 'Starting {h:mm a}' until the person chooses a clock.
  const { zone, chosenTimeFormat } = usePlanViewer();
  const [, navigate] = useLocation();
  const reminders = useReminders({
    onFired: (fired) =>
      void import("./reminder-alerts").then(
        ({ alertReminders }) =>
          alertReminders(fired, { zone, timeFormat: chosenTimeFormat }, navigate),
        () => {
          // The alerts could not download (offline): the popup still shows.
        },
      ),
  });
  // Mounted from the first reminder on, so closing it is a state change (focus goes back).
  const [popupAsked, setPopupAsked] = useState(false);
  const count = reminders.active.length;
  if (count > 0 && !popupAsked) setPopupAsked(true);

  useEffect(() => askPermissionOnFirstClick(), []);

  return (
    <>
      {count > 0 ? <ReminderBell count={count} onOpen={() => reminders.setOpen(true)} /> : null}
      {popupAsked ? (
        <Suspense fallback={null}>
          <ReminderPopup
            reminders={reminders.active}
            open={reminders.open}
            onOpenChange={reminders.setOpen}
            onSnooze={reminders.snooze}
            onHandled={reminders.handle}
          />
        </Suspense>
      ) : null}
    </>
  );
}
