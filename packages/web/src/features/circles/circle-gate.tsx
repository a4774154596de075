import type { Circle } from "@circleplan/shared/circle-outputs";
import { messages } from "@circleplan/shared/messages";
import { CircleAlert } from "lucide-react";
import { Fragment, type ReactNode, useDeferredValue } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { isNotFound, serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { useCircleIdParam } from "./circle-cache";

/**
 * The circle a `/circle/:id/...` screen is about, or what to show instead: a spinner while it
 * loads, the spec's "not found or no access" (the server never says which), or a failure with
 * a way to try again.
 */
export function CircleGate({ children }: { children: (circle: Circle) => ReactNode }) {
  const id = useCircleIdParam();
  const circle = trpc.circles.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  // The page first shows by a deferred render, in slices: mounting it (the month grid, the next
  // days) is the largest render of its first load (decision 005, "The first load on a phone").
  // Later answers (a saved change) show at once.
  const arrived = useDeferredValue(circle.data !== undefined);
  if (id === null || isNotFound(circle.error)) return <CircleNotFound />;
  if (circle.error) {
    return (
      <CircleProblem
        title="This circle could not be loaded"
        description={serverMessage(circle.error, "Please try again.")}
        onRetry={() => void circle.refetch()}
      />
    );
  }
  if (circle.isPending || !arrived) return <PageSpinner />;
  // Keyed by circle: moving to another circle starts its forms and dialogs afresh.
  return <Fragment key={circle.data.id}>{children(circle.data)}</Fragment>;
}

export function CircleNotFound() {
  return <CircleProblem title="Circle not found" description={messages.circleNotFound} />;
}

function CircleProblem({
  title,
  description,
  onRetry,
}: {
  title: string;
  description: string;
  onRetry?: () => void;
}) {
  return (
    <section aria-labelledby="circle-problem-title" className="mx-auto w-full max-w-md">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <CircleAlert aria-hidden="true" className="size-10 text-destructive-text" />
          <ScreenHeading
            id="circle-problem-title"
            title={title}
            className="text-xl font-semibold"
          />
          <p className="text-sm text-muted-foreground">{description}</p>
          <div className="mt-2 flex gap-2">
            {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
            <Button asChild variant="outline">
              <Link href={paths.dashboard}>Go Home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
