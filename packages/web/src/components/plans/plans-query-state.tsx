import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { serverMessage } from "@/lib/errors";

/** A list query's loading and failure states (spec section 8: 'Failed to fetch events'). */
export function PlansQueryState({
  query,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  if (query.isPending) {
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
