/**
 * The reminder system of the open app (plans spec, section 4): keeps the coming week's plans
 * loaded wherever the user is, checks them every 10 s, rings and notifies for what fires, and
 * remembers the answers. The rules themselves are in reminder-schedule.ts.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { trpc } from "@/lib/trpc";
import { REMINDER_PLANS_QUERY } from "./reminder-plans";
import { reminderRange } from "./reminder-range";
import {
  checkReminders,
  handleReminder,
  mergePlanLists,
  REMINDER_CHECK_MS,
  type ReminderInstance,
  type ReminderRecords,
  type SnoozeMinutes,
  snoozeReminder,
} from "./reminder-schedule";
import { pageStorage, reminderStore } from "./reminder-store";

export interface Reminders {
  /** The active reminders, oldest first. */
  active: readonly ReminderInstance[];
  /** Whether the popup is up (it comes up by itself when a reminder fires). */
  open: boolean;
  setOpen(open: boolean): void;
  snooze(reminder: ReminderInstance, minutes: SnoozeMinutes): void;
  /** Dismiss, Got It, Complete or View Event: the reminder is done with. */
  handle(reminder: ReminderInstance): void;
}

type PlanList = { plans: readonly Plan[]; updatedAt: number };

/**
 * The plans this check reads: the reminder query's, and those of the other plan lists in the
 * cache fetched since (a screen that has just loaded knows a plan this query has not seen
 * yet). Older or invalidated lists are left out: they may still hold a deleted plan.
 */
function loadedPlans(
  queryClient: QueryClient,
  own: { data: readonly Plan[] | undefined; dataUpdatedAt: number },
): Plan[] | null {
  if (!own.data) return null;
  const lists: PlanList[] = [{ plans: own.data, updatedAt: own.dataUpdatedAt }];
  const cache = queryClient.getQueryCache();
  // The calendar's month grid holds counts and colours, not plans, so only plan lists count.
  for (const query of cache.findAll({ queryKey: getQueryKey(trpc.plans.list) })) {
    const { data, dataUpdatedAt, isInvalidated } = query.state;
    if (!Array.isArray(data) || isInvalidated || dataUpdatedAt < own.dataUpdatedAt) continue;
    lists.push({ plans: data as Plan[], updatedAt: dataUpdatedAt });
  }
  return mergePlanLists(lists);
}

function sameReminders(a: readonly ReminderInstance[], b: readonly ReminderInstance[]): boolean {
  return a.length === b.length && a.every((r, i) => r.id === b[i]?.id && r.event === b[i]?.event);
}

export function useReminders({
  onFired,
}: {
  /** Rings and notifies: called with what became active in one check. */
  onFired: (fired: readonly ReminderInstance[]) => void;
}): Reminders {
  const { userId } = usePlanViewer();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => reminderRange(Date.now()));
  // Not polled: a plan someone else adds or moves reaches this query through live sync, and the
  // app's own changes through plan-cache.ts. A hidden tab asks nothing (decision 018); it still
  // rings for the plans it has, and Web Push reminds of the rest.
  const plans = trpc.plans.list.useQuery(range, REMINDER_PLANS_QUERY);
  const store = useMemo(() => reminderStore(pageStorage(), userId), [userId]);
  const [active, setActive] = useState<readonly ReminderInstance[]>([]);
  const [open, setOpen] = useState(false);
  const checkedOnce = useRef(false);

  const check = useEffectEvent(() => {
    const now = Date.now();
    const nextRange = reminderRange(now);
    setRange((current) =>
      current.from === nextRange.from && current.to === nextRange.to ? current : nextRange,
    );
    const loaded = loadedPlans(queryClient, plans);
    if (!loaded) return;
    const result = checkReminders({ plans: loaded, now, records: store.read() });
    store.write(result.records);
    setActive((current) => (sameReminders(current, result.active) ? current : result.active));
    // Reminders left unanswered before a reload come back up too, without ringing again.
    const restored = !checkedOnce.current && result.active.length > 0;
    checkedOnce.current = true;
    if (result.fired.length > 0 || restored) setOpen(true);
    if (result.fired.length > 0) onFired(result.fired);
  });

  useEffect(() => {
    const timer = window.setInterval(() => check(), REMINDER_CHECK_MS);
    // An answer given in another tab shows here at once.
    const onStorage = (event: StorageEvent) => {
      if (event.key === store.key) check();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("storage", onStorage);
    };
  }, [store]);

  // Checked as soon as the plans arrive or change, and after each answer, not only on the
  // next tick (an answer is given in an event handler, where an Effect Event cannot be called).
  const [answers, setAnswers] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plans' answer time and the answers are the triggers
  useEffect(() => check(), [plans.dataUpdatedAt, answers]);

  const answer = (next: (now: number) => ReminderRecords) => {
    store.write(next(Date.now()));
    setAnswers((count) => count + 1);
  };

  return {
    active,
    open: open && active.length > 0,
    setOpen,
    snooze: (reminder, minutes) =>
      answer((now) => snoozeReminder(store.read(), reminder, now, minutes)),
    handle: (reminder) => answer(() => handleReminder(store.read(), reminder)),
  };
}
