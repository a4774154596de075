/**
 * Opening the signed-in app (routes.tsx, `SignedInLayout`): with the user remembered from the
 * last visit, the session check leaves with the first screen's queries, one request; without
 * one, it goes first and alone; a remembered user whose session has ended is signed out.
 */
import { screen, waitFor } from "@testing-library/react";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { userFixture } from "@/features/circles/testing/fixtures";
import { REMEMBERED_USER_KEY, rememberedUser } from "@/lib/remembered-user";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { AppRoutes } from "./routes";

const ada = userFixture();

/**
 * Opens /dashboard. `firstMoment` is what was asked before the first call's task ended: what
 * the tRPC client's batch, dispatched on a timer from its first call, carries in one request.
 */
function openDashboard(session: Handler) {
  let firstMoment: string[] | undefined;
  const asked: string[] = [];
  const view = renderWithTrpc(<AppRoutes />, {
    path: "/dashboard",
    handlers: new Proxy({} as Record<string, Handler>, {
      get: (_, path: string) => (input: unknown) => {
        if (asked.length === 0) {
          setTimeout(() => {
            firstMoment = [...asked];
          });
        }
        asked.push(path);
        if (path === "auth.user") return session(input);
        if (path === "live.connect") return new Promise(() => {});
        return path.endsWith("unreadCount") ? { count: 0 } : [];
      },
      has: () => true,
    }),
  });
  return { view, seen: () => firstMoment };
}

describe("opening the signed-in app", () => {
  it("with a remembered user, checks the session in the same moment as the first screen's queries", async () => {
    localStorage.setItem(REMEMBERED_USER_KEY, superjson.stringify(ada));
    const { seen } = openDashboard(() => ada);
    await waitFor(() => expect(seen()).toBeDefined());
    expect(seen()).toEqual(
      expect.arrayContaining(["plans.list", "circles.list", "live.connect", "auth.user"]),
    );
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
  });

  it("without one, checks the session first and alone, then remembers the answer", async () => {
    const { seen } = openDashboard(() => ada);
    await waitFor(() => expect(seen()).toEqual(["auth.user"]));
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(rememberedUser()).toEqual(ada));
  });

  it("signs out a remembered user whose session has ended, and forgets them", async () => {
    localStorage.setItem(REMEMBERED_USER_KEY, superjson.stringify(ada));
    const { view } = openDashboard(() => {
      throw serverError("Unauthorized", 401, "UNAUTHORIZED");
    });
    await waitFor(() => expect(view.location()).toMatch(/^\/auth/));
    expect(rememberedUser()).toBeNull();
  });
});
