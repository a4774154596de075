import type { Circle } from "@circleplan/shared/circle-outputs";
import type { Day } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { CalendarRange, FileUp, History, ListChecks, Settings, Users } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { paths } from "@/app/paths";
import { AddPlanButtons } from "@/components/plans/add-plan-buttons";
import { planCardId } from "@/components/plans/plan-card";
import { usePlanDetails } from "@/components/plans/plan-details/plan-details";
import { usePlanDialogs } from "@/components/plans/plan-dialogs";
import { isPlanCreator } from "@/components/plans/plan-permissions";
import { planFailureToast } from "@/components/plans/plan-toasts";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CircleAvatar } from "@/components/ui/circle-avatar";
import { Tooltip } from "@/components/ui/tooltip";
import { monthOf } from "@/features/calendar/calendar-days";
import { calendarDaysInput, PlansCalendar } from "@/features/calendar/plans-calendar";
import { useToday } from "@/features/calendar/use-today";
import { parseDay } from "@/lib/days";
import { serverMessage } from "@/lib/errors";
import { scrollToElement } from "@/lib/scroll-to-element";
import { NAMED_PLAN_HIGHLIGHT_MS } from "@/lib/timings";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleIdParam } from "./circle-cache";
import { CircleGate } from "./circle-gate";
import { CIRCLE_TYPE_LABELS, memberCountText } from "./circle-labels";
import { CircleNextDays, nextDaysInput } from "./circle-next-days";
import { useCirclePageEvents } from "./circle-page-events";
import { CircleUpcomingDialog } from "./circle-upcoming-dialog";
import { ImportCalendarDialog } from "./import-calendar/import-calendar-dialog";

// Members, invitations and the circle's settings form (zod, react-hook-form, the QR code): not
// needed for the page's first paint, downloaded the first time the dialog opens (decision 005,
// "The first load on a phone").
const CircleDetailDialog = lazy(() =>
  import("./circle-detail-dialog").then((m) => ({ default: m.CircleDetailDialog })),
);

/** True from the first time `open` is true: a dialog mounted then stays, to animate closing. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * /circle/{id} (spec section 2): the circle's name, member count and settings button, its
 * calendar, its Next N Days panel, an upcoming-events dialog and the add buttons. Reads the
 * query's date, eventId, action and editEvent with openForm=true, and answers the window
 * events of circle-page-events.ts.
 */
export function CircleScreen() {
  usePrefetchCircleView();
  return <CircleGate>{(circle) => <CircleView circle={circle} />}</CircleGate>;
}

/**
 * The calendar and the Next Days panel, asked in the same moment as the circle itself: one
 * request on arrival rather than the circle, then its plans (decision 018, "Fewer requests a
 * day"). A non-member's answers are the circle's 404 and are never shown.
 */
function usePrefetchCircleView() {
  const id = useCircleIdParam();
  const { today } = useToday();
  const selected = parseDay(new URLSearchParams(useSearch()).get("date"));
  const utils = trpc.useUtils();
  const arrival = useRef({ today, selected });
  useEffect(() => {
    if (id === null) return;
    const { today, selected } = arrival.current;
    void utils.plans.calendarDays.prefetch(calendarDaysInput(monthOf(selected ?? today), id));
    void utils.plans.list.prefetch(nextDaysInput(id, today, selected));
  }, [id, utils]);
}

type Form = { kind: "new"; date?: Day } | { kind: "edit"; plan: Plan };

function CircleView({ circle }: { circle: Circle }) {
  const { today } = useToday();
  const { PlanDialog, VoiceDialog } = usePlanDialogs();
  const details = usePlanDetails();
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const selected = parseDay(search.get("date"));
  const planId = positiveId(search.get("eventId"));
  const editPlanId = search.get("openForm") === "true" ? positiveId(search.get("editEvent")) : null;

  const [detailOpen, setDetailOpen] = useState(false);
  const detailOpened = useOpenedOnce(detailOpen);
  const [upcomingOpen, setUpcomingOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Voice entry asked for by the window event; its chunk loads then, and stays mounted.
  const [voice, setVoice] = useState<{ date?: Day | undefined } | null>(null);
  const [voiceOpen, setVoiceOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(selected ?? today));
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const highlightTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(highlightTimer.current), []);
  // The address as it is now, for answers that arrive after it changed (a plan still loading).
  const latestSearch = useRef(search);
  useEffect(() => {
    latestSearch.current = search;
  });
  const utils = trpc.useUtils();

  const openForm = (next: Form) => {
    setForm(next);
    setFormOpen(true);
  };

  // The same function until the address changes: the month grid is memoised (decision 005).
  const selectDay = useCallback(
    (day: Day | null) => {
      const next = new URLSearchParams(latestSearch.current);
      if (day) next.set("date", day);
      else next.delete("date");
      navigate(withSearch(location, next));
      if (day) setMonth(monthOf(day));
    },
    [location, navigate],
  );

  /** Shows a plan's day in the Next Days panel and marks the plan there for 5 s. */
  function showPlan(plan: Plan, { keepChosenDay }: { keepChosenDay: boolean }) {
    if (!(keepChosenDay && parseDay(latestSearch.current.get("date")))) selectDay(plan.date);
    setHighlighted(plan.id);
    scrollToElement(planCardId(plan));
    window.clearTimeout(highlightTimer.current);
    highlightTimer.current = window.setTimeout(() => setHighlighted(null), NAMED_PLAN_HIGHLIGHT_MS);
  }

  /**
   * Loads a plan afresh (the form edits its latest version) and opens its edit form; only its
   * creator may edit it (spec section 6), so anyone else is shown the plan on its day, with its
   * details open (issue 20).
   */
  async function editPlan(id: number) {
    try {
      const [plan, user] = await Promise.all([
        utils.client.plans.get.query({ id }),
        utils.auth.user.ensureData(),
      ]);
      if (isPlanCreator(plan, user.id)) openForm({ kind: "edit", plan });
      else {
        showPlan(plan, { keepChosenDay: false });
        details.show({ plan });
      }
    } catch (error) {
      planFailureToast(error, "Failed to load event details for editing");
    }
  }

  useCirclePageEvents({
    "circleplan:open-circle-detail": () => setDetailOpen(true),
    "circleplan:open-manual-event-form": (detail) => openForm({ kind: "new", date: detail?.date }),
    "circleplan:open-voice-input": (detail) => {
      setVoice({ date: detail?.date });
      setVoiceOpen(true);
    },
    "circleplan:edit-event": (detail) => void editPlan(detail.eventId),
  });

  // editEvent with openForm=true: open that plan's form once, then drop both from the address
  // so a reload or Back does not open it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per plan named in the address
  useEffect(() => {
    if (editPlanId === null) return;
    void editPlan(editPlanId);
    const next = new URLSearchParams(search);
    next.delete("editEvent");
    next.delete("openForm");
    navigate(withSearch(location, next), { replace: true });
  }, [editPlanId]);

  // eventId (and action=review, which names one too): show that plan's day and mark it for 5 s.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per plan named in the address
  useEffect(() => {
    if (planId === null) return;
    let cancelled = false;
    utils.client.plans.get
      .query({ id: planId })
      .then((plan) => {
        if (!cancelled) showPlan(plan, { keepChosenDay: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        toast.error("Failed to fetch event details", {
          description: serverMessage(error, "Please try again."),
        });
      });
    return () => {
      cancelled = true;
    };
  }, [planId]);

  return (
    <section aria-labelledby="circle-title" className="mx-auto grid w-full max-w-5xl gap-4">
      <div className="flex items-center gap-3">
        <CircleAvatar
          name={circle.name}
          color={circle.color}
          src={circle.photoUrl}
          className="size-14"
          letterClassName="text-2xl"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <ScreenHeading
            id="circle-title"
            title={circle.name}
            className="text-2xl font-bold tracking-tight wrap-anywhere"
          />
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="outline">{CIRCLE_TYPE_LABELS[circle.type]}</Badge>
            <Link
              href={paths.circleMembers.build(circle.id)}
              className="inline-flex items-center gap-1 rounded-sm underline-offset-4 hover:underline hover:text-foreground"
            >
              <Users aria-hidden="true" className="size-4" />
              {memberCountText(circle.memberCount)}
            </Link>
          </p>
        </div>
        <Tooltip content="Circle details">
          <Button
            variant="outline"
            size="icon"
            aria-label="Circle details"
            aria-haspopup="dialog"
            onClick={() => setDetailOpen(true)}
          >
            <Settings aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>

      {circle.description ? (
        <p className="text-sm wrap-anywhere text-muted-foreground">{circle.description}</p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => setUpcomingOpen(true)}
        >
          <CalendarRange aria-hidden="true" />
          Upcoming Events
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.circleActions.build(circle.id)}>
            <ListChecks aria-hidden="true" />
            Action Center
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.circleActivity.build(circle.id)}>
            <History aria-hidden="true" />
            Activity
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => setImportOpen(true)}
        >
          <FileUp aria-hidden="true" />
          Import calendar
        </Button>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PlansCalendar
          title={`${circle.name} calendar`}
          circleId={circle.id}
          month={month}
          onMonthChange={setMonth}
          today={today}
          selected={selected}
          onDayClick={selectDay}
        />
        <CircleNextDays
          circle={circle}
          today={today}
          selected={selected}
          onSelect={selectDay}
          highlightedId={highlighted}
        />
      </div>

      <AddPlanButtons
        defaultCircleId={circle.id}
        {...(selected ? { defaultDate: selected } : {})}
      />

      {details.sheet}
      {detailOpened ? (
        <Suspense fallback={null}>
          <CircleDetailDialog circle={circle} open={detailOpen} onOpenChange={setDetailOpen} />
        </Suspense>
      ) : null}
      <ImportCalendarDialog circle={circle} open={importOpen} onOpenChange={setImportOpen} />
      <CircleUpcomingDialog
        circle={circle}
        today={today}
        open={upcomingOpen}
        onOpenChange={setUpcomingOpen}
      />
      {voice ? (
        <VoiceDialog
          key={`voice-${voice.date ?? ""}`}
          open={voiceOpen}
          onOpenChange={setVoiceOpen}
          defaultCircleId={circle.id}
          {...(voice.date ? { defaultDate: voice.date } : {})}
        />
      ) : null}
      {form ? (
        <PlanDialog
          key={
            form.kind === "edit"
              ? `edit-${form.plan.id}-${form.plan.version}`
              : `new-${form.date ?? ""}`
          }
          open={formOpen}
          onOpenChange={setFormOpen}
          {...(form.kind === "edit"
            ? { plan: form.plan }
            : { defaultCircleId: circle.id, ...(form.date ? { defaultDate: form.date } : {}) })}
        />
      ) : null}
    </section>
  );
}

function positiveId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function withSearch(location: string, search: URLSearchParams): string {
  const query = search.toString();
  return query ? `${location}?${query}` : location;
}
