/**
 * What a search answers (docs/decisions/020-search.md): each plan found once, as one of its
 * occurrences, in two groups. `upcoming`: the plans with an occurrence from now on (today's
 * all-day plans included), each as its next one, soonest first. `past`: the others, each as its
 * latest occurrence, most recent first.
 */
import * as z from "zod";
import { planSchema } from "./plan-outputs";

export const searchPlansOutput = z.object({
  upcoming: z.array(planSchema).describe("Matching plans from now on, soonest first"),
  past: z.array(planSchema).describe("Matching plans before now, latest first"),
});
export type SearchPlansAnswer = z.infer<typeof searchPlansOutput>;
