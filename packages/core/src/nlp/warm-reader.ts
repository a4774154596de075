/**
 * Readies the sentence reader before a sentence comes: loads chrono-node and compromise and
 * reads one sentence through the whole reader twice, so V8 has compiled our own rules' code and
 * regular expressions too (it interprets a regular expression on its first run and compiles it
 * on its second). Asked for by `nlp.prepare` when a person opens a sentence entry, so the load
 * overlaps their typing; a sentence sent without it pays the load itself (decision 010, "Cold
 * start"). Once per process: concurrent calls share the work, later ones cost nothing, and a
 * failure is retried by the next call.
 */
import type { Logger } from "../log";
import { parsePlanText } from "./parse-plan-text";

const SENTENCE =
  "Assign Emma's piano lesson to Sam every other Tuesday at 4:30 pm until 6 at the Park, remind me 30 minutes before";

const CONTEXT = {
  timeZone: "America/New_York",
  now: new Date("2026-03-04T15:17:00Z"),
  members: [{ userId: 1, firstName: "Sam", lastName: "Rivera" }],
};

let warming: Promise<void> | undefined;
let warm = false;

export function warmReader(): Promise<void> {
  warming ??= (async () => {
    await parsePlanText(SENTENCE, CONTEXT);
    await parsePlanText(SENTENCE, CONTEXT);
    warm = true;
  })().catch((error: unknown) => {
    warming = undefined;
    throw error;
  });
  return warming;
}

/** Whether this process has readied the reader (`warmReader` has finished). */
export function readerIsWarm(): boolean {
  return warm;
}

/**
 * `nlp.prepare`: readies the reader and answers once it is (awaited: a Lambda container is
 * frozen after it answers). A failed load is logged and answered `ready: false`, not a 500:
 * the caller did nothing wrong, and its sentence will load the libraries itself.
 */
export async function prepareReader(log: Logger): Promise<{ ready: boolean }> {
  try {
    await warmReader();
    return { ready: true };
  } catch (error) {
    log.error("nlp.warm_failed", error);
    return { ready: false };
  }
}
