import { MailOpen } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { trpc } from "@/lib/trpc";

/**
 * "Ada invited you to The Lovelaces" above the auth card, for a visitor who opened an
 * invitation's link signed out (docs/decisions/021). Nothing while it loads or when the link no
 * longer works: the invitation page says why once they are signed in.
 */
export function InvitationNote({ token }: { token: string }) {
  const preview = trpc.invitations.preview.useQuery({ token });
  if (!preview.data) return null;
  const { inviterFirstName, circleName } = preview.data;
  return (
    <Alert className="mb-4">
      <MailOpen aria-hidden="true" />
      <AlertTitle className="wrap-anywhere">
        {inviterFirstName ?? "Someone"} invited you to {circleName}
      </AlertTitle>
      <AlertDescription>
        Create your account to join, or log in if you already have one.
      </AlertDescription>
    </Alert>
  );
}
