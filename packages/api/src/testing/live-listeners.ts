/**
 * Live sync heard without sockets: listeners joined to the test harness's local hub, one per
 * user, each keeping what it heard in order. The hub publishes before a call answers, so a test
 * reads what was heard as soon as the call returns. Listeners leave after each test.
 */
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import { afterEach } from "vitest";
import type { TestHarness } from "./test-harness";

export function useLiveListeners(
  harness: () => Pick<TestHarness, "deps">,
): (who: { user: { id: number } }) => LiveAnnouncement[] {
  const leaving: (() => void)[] = [];
  afterEach(() => {
    for (const leave of leaving.splice(0)) leave();
  });
  return (who) => {
    const hub = harness().deps.liveHub;
    if (!hub) throw new Error("the test harness has no live hub");
    const heard: LiveAnnouncement[] = [];
    leaving.push(
      hub.join({
        userId: who.user.id,
        send: (message) => heard.push(JSON.parse(message) as LiveAnnouncement),
      }),
    );
    return heard;
  };
}
