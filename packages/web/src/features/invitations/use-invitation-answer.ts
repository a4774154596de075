import { messages } from "@circleplan/shared/messages";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

export type Answered = { circleId: number; circleName: string };

/**
 * Accepting or declining an invitation, with the spec's toasts (sections 4 and 8). Each answers
 * null after a failure it has already reported, so the screen only decides where to go next.
 */
export function useInvitationAnswer() {
  const utils = trpc.useUtils();
  const accept = trpc.invitations.accept.useMutation();
  const decline = trpc.invitations.decline.useMutation();

  /** The circle strip gains a circle, the pending list loses a row. */
  function refresh() {
    void utils.circles.invalidate();
    void utils.invitations.invalidate();
  }

  return {
    acceptingId: accept.isPending ? accept.variables?.id : undefined,
    decliningId: decline.isPending ? decline.variables?.id : undefined,
    isPending: accept.isPending || decline.isPending,

    async accept(id: number, options: { refresh?: boolean } = {}): Promise<Answered | null> {
      try {
        const result = await accept.mutateAsync({ id });
        toast.success("Invitation accepted!", {
          description: `You have joined ${result.circleName}`,
        });
        if (options.refresh !== false) refresh();
        return { circleId: result.circleId, circleName: result.circleName };
      } catch (error) {
        toast.error("Failed to accept invitation", {
          description: serverMessage(error, "Please try again."),
        });
        return null;
      }
    },

    async decline(id: number): Promise<boolean> {
      try {
        await decline.mutateAsync({ id });
        toast.success(messages.invitationDeclined);
        refresh();
        return true;
      } catch (error) {
        toast.error("Failed to decline invitation", {
          description: serverMessage(error, "Please try again."),
        });
        return false;
      }
    },

    refresh,
  };
}
