/**
 * The signed-in shell's share of a page load (decision 018, "The client"): what it asks for
 * itself goes out in the same moment as the first screen's queries, so the tRPC client's batch
 * carries them all in one request (bench: `pnpm bench requests`, "What a page load asks").
 */
import { describe, expect, it } from "vitest";
import { trpc } from "@/lib/trpc";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { reminderRange } from "../reminders/reminder-range";
import { AppShell } from "./app-shell";

const today = { date: "2026-11-27" };

function Screen() {
  trpc.plans.list.useQuery(today);
  return <h1>Dashboard</h1>;
}

describe("AppShell", () => {
  it("a page load's extra requests: the reminder plans, the member list and live.connect start with the first screen's queries, not after", () => {
    const view = renderWithTrpc(
      <AppShell>
        <Screen />
      </AppShell>,
      {
        path: "/dashboard",
        handlers: {
          "plans.list": () => [],
          "circles.allMembers": () => [],
          "circles.list": () => [],
          "inbox.unreadCount": () => ({ count: 0 }),
          // The channel waits here: what it does next is use-live-sync.test.tsx's.
          "live.connect": () => new Promise(() => {}),
        },
      },
    );
    // Render has run the effects, and no timer yet: the batch's moment.
    expect(view.callsTo("plans.list").map((call) => call.input)).toEqual(
      expect.arrayContaining([today, reminderRange(Date.now())]),
    );
    expect(view.callsTo("circles.allMembers")).toHaveLength(1);
    expect(view.callsTo("live.connect")).toHaveLength(1);
  });
});
