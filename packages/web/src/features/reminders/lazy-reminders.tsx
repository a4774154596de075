import { type ComponentType, lazy, Suspense } from "react";
import { usePrefetchReminderPlans } from "./reminder-plans";

// The checks, the bell and their helpers download after the shell, so they never hold up the
// first screen; a download that fails leaves the app without in-app reminders, not broken.
const Reminders = lazy<ComponentType>(() =>
  import("./reminders").then(
    (m) => ({ default: m.Reminders }),
    () => ({ default: () => null }),
  ),
);

/** The reminder system (reminders.tsx), for the signed-in shell to mount once. */
export function LazyReminders() {
  usePrefetchReminderPlans();
  return (
    <Suspense fallback={null}>
      <Reminders />
    </Suspense>
  );
}
