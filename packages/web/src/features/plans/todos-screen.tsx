import { addDays } from "@circleplan/shared/days";
import { CheckCircle2, ListChecks, Plus } from "lucide-react";
import { useState } from "react";
import { PlanList } from "@/components/plans/plan-list";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import { todayIn } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { LazyPlanDialog } from "./lazy-plan-dialog";
import { todoItems } from "./todo-items";

/**
 * How far back and ahead the list looks: a month of overdue items, two of coming ones (the
 * spec does not show this screen; docs/decisions/009).
 */
const LOOK_BACK_DAYS = 30;
const LOOK_AHEAD_DAYS = 60;

/**
 * /todos (the spec names the route only): my open to-dos and the tasks assigned to me across
 * circles, overdue first, each with its completion checkbox; what is done stays below, to
 * reopen.
 */
export function TodosScreen() {
  const { userId, zone } = usePlanViewer();
  const today = todayIn(zone);
  const plans = trpc.plans.list.useQuery({
    from: addDays(today, -LOOK_BACK_DAYS),
    to: addDays(today, LOOK_AHEAD_DAYS),
  });
  const { open, done } = todoItems(plans.data ?? [], userId, today);
  const overdue = open.filter((plan) => plan.date < today);
  const dueToday = open.filter((plan) => plan.date === today);
  const later = open.filter((plan) => plan.date > today);
  const [adding, setAdding] = useState(false);
  const [addAsked, setAddAsked] = useState(false);

  return (
    <section aria-labelledby="todos-title" className="mx-auto grid w-full max-w-3xl gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <ScreenHeading
            id="todos-title"
            title="To-dos"
            className="text-2xl font-bold tracking-tight"
          />
          <p className="text-sm text-muted-foreground">
            Your open to-dos and the tasks assigned to you, across circles.
          </p>
        </div>
        <Button
          aria-haspopup="dialog"
          onClick={() => {
            setAddAsked(true);
            setAdding(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add To-do
        </Button>
      </div>

      <PlansQueryState query={plans}>
        {open.length === 0 ? (
          <Card>
            <CardContent className="grid justify-items-center gap-2 py-10 text-center">
              <CheckCircle2 aria-hidden="true" className="size-10 text-success-foreground" />
              <h2 className="text-lg font-semibold">Nothing left to do</h2>
              <p className="text-sm text-muted-foreground">
                Open to-dos and tasks assigned to you show here.
              </p>
            </CardContent>
          </Card>
        ) : (
          <>
            <TodoSection title="Overdue" plans={overdue} />
            <TodoSection title="Today" plans={dueToday} />
            <TodoSection title="Coming up" plans={later} />
          </>
        )}
        {done.length > 0 ? (
          <CollapsiblePanel
            title={`Done (${done.length})`}
            icon={<ListChecks aria-hidden="true" className="size-5 text-primary" />}
            defaultOpen={false}
          >
            <PlanList plans={done} showDate />
          </CollapsiblePanel>
        ) : null}
      </PlansQueryState>

      {addAsked ? (
        <LazyPlanDialog open={adding} onOpenChange={setAdding} defaultKind="todo" />
      ) : null}
    </section>
  );
}

function TodoSection({
  title,
  plans,
}: {
  title: string;
  plans: Parameters<typeof PlanList>[0]["plans"];
}) {
  if (plans.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">
          {title}{" "}
          <span className="text-sm font-normal text-muted-foreground">({plans.length})</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <PlanList plans={plans} showDate={title !== "Today"} />
      </CardContent>
    </Card>
  );
}
