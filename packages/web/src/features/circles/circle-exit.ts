import type { Circle } from "@circleplan/shared/circle-outputs";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { useCircleCache } from "./circle-cache";

/**
 * The confirmed end of a circle for the caller, deleting it or leaving it: the call, then the
 * dashboard (the circle's screens would only say "not found" now), the lists that showed the
 * circle or its plans and tasks made stale, and the toasts. The confirmation stays up on a
 * failure, so it is seen where it happened.
 */
export function useCircleExit({
  circle,
  exit,
  goneDescription,
  failureTitle,
  onExited,
}: {
  circle: Pick<Circle, "id">;
  exit: (input: { id: number }) => Promise<{ message: string }>;
  /** The success toast's words under the server's message. */
  goneDescription: string;
  failureTitle: string;
  onExited?: (() => void) | undefined;
}) {
  const cache = useCircleCache();
  const plansChanged = usePlanInvalidation();
  const [, navigate] = useLocation();
  return async (closeConfirmation: () => void) => {
    try {
      const result = await exit({ id: circle.id });
      closeConfirmation();
      onExited?.();
      navigate(paths.dashboard, { replace: true });
      await Promise.all([cache.circleDeleted(circle.id), plansChanged()]);
      toast.success(result.message, { description: goneDescription });
    } catch (error) {
      toast.error(failureTitle, { description: serverMessage(error, "Please try again.") });
    }
  };
}
