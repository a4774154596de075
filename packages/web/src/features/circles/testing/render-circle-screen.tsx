import { Route } from "wouter";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { CircleScreen } from "../circle-screen";
import { circleFixture, memberFixture, userFixture } from "./fixtures";

/**
 * The circle page at `path` for Ada, admin of The Lovelaces (circle 7), with no invitations
 * and no plans unless `handlers` answer otherwise.
 */
export function renderCircleScreen(handlers: Record<string, Handler> = {}, path = "/circle/7") {
  return renderWithTrpc(
    <Route path="/circle/:id">
      <CircleScreen />
    </Route>,
    {
      path,
      handlers: {
        "auth.user": () => userFixture(),
        "circles.get": () => circleFixture(),
        "circles.members": () => [
          memberFixture({ id: 1, firstName: "Ada", lastName: "Lovelace" }, { role: "admin" }),
        ],
        "invitations.listForCircle": () => [],
        "plans.calendarDays": (input) => ({ month: (input as { month: string }).month, days: [] }),
        "plans.list": () => [],
        ...handlers,
      },
    },
  );
}
