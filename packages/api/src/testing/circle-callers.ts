/**
 * The most common cast of a circle test: its creator and one plain member, both signed in,
 * sharing a circle made by the factories (family unless told).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { signedInCaller } from "./test-caller";
import type { TestHarness } from "./test-harness";

export async function creatorAndMember(
  harness: Pick<TestHarness, "deps">,
  options: { type?: "family" | "work" | "custom" } = {},
) {
  const creator = await signedInCaller(harness);
  const member = await signedInCaller(harness);
  const circle = await createCircle(harness.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
    ...options,
  });
  return { creator, member, circle };
}
