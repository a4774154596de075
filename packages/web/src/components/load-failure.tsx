import { CircleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { serverMessage } from "@/lib/errors";

/**
 * A list that could not be fetched: the spec's title ("Failed to fetch events"), the server's
 * message, and a way to ask again. Shown in place, where a toast would vanish with the reason.
 */
export function LoadFailure({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{serverMessage(error, "Please try again.")}</p>
        <div>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
