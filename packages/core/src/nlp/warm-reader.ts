/**
 * Readies the sentence reader before anyone types: loads chrono-node and compromise and reads
 * one sentence through the whole reader twice, so V8 has compiled our own rules' code and
 * regular expressions too (it interprets a regular expression on its first run and compiles it
 * on its second). A process that calls this at start-up reads its first real sentence at
 * nearly warm speed; one that does not pays it on that sentence (decision 010, "Cold start").
 */
import { parsePlanText } from "./parse-plan-text";

const SENTENCE =
  "Assign Emma's piano lesson to Sam every other Tuesday at 4:30 pm until 6 at the Park, remind me 30 minutes before";

const CONTEXT = {
  timeZone: "America/New_York",
  now: new Date("2026-03-04T15:17:00Z"),
  members: [{ userId: 1, firstName: "Sam", lastName: "Rivera" }],
};

export async function warmReader(): Promise<void> {
  await parsePlanText(SENTENCE, CONTEXT);
  await parsePlanText(SENTENCE, CONTEXT);
}
