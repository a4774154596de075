import type { PublicUser } from "@circleplan/shared/auth-outputs";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { userFixture } from "@/features/circles/testing/fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { PlanCard } from "../plan-card";
import { UserReady } from "./user-ready";

/** One plan's card as `viewer` (Ada, user 1, unless told) sees it, with the server's answers. */
export function renderPlanCard(
  plan: Plan,
  {
    viewer = userFixture(),
    handlers = {},
  }: { viewer?: PublicUser; handlers?: Record<string, Handler> } = {},
) {
  return renderWithTrpc(
    <UserReady>
      <PlanCard plan={plan} />
    </UserReady>,
    { handlers: { "auth.user": () => viewer, "plans.list": () => [], ...handlers } },
  );
}
