import { type ReactNode, useDeferredValue } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { serverMessage } from "@/lib/errors";

/**
 * A list query's loading and failure states (spec section 8: 'Failed to fetch events'). A list
 * that has just arrived is shown by a deferred render: mounting it is the largest render of a
 * screen's first load, and React does it in slices that leave the main thread free between them
 * instead of in the task the answer came in (decision 005, "The first load on a phone").
 */
export function PlansQueryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const arrived = useDeferredValue(!query.isPending);
  if (query.isPending || (!arrived && !query.error)) {
    return (
      <div className="flex justify-center py-6 text-primary">
        <Spinner label="Loading plans" />
      </div>
    );
  }
  if (query.error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Failed to fetch events</AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>{serverMessage(query.error, "Please try again.")}</p>
          <div>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }
  return children;
}
