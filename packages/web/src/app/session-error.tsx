import { ScreenHeading } from "@/components/screen-heading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/errors";

/** The session check failed for a reason other than "signed out" (server down, 500). */
export function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <ScreenHeading
        title="We could not check your session"
        className="text-xl font-semibold tracking-tight"
      />
      <Alert variant="destructive">
        <AlertDescription className="grid gap-2">
          <p>The server did not answer as expected. Check your connection and try again.</p>
          <p className="font-mono text-xs break-words">{errorText(error)}</p>
        </AlertDescription>
      </Alert>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
