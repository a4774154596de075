/**
 * One budget for every file a user sends, whichever door it takes: asking for a direct upload
 * (and, locally, sending one to the stand-in route), or a file in the request itself (an
 * attachment's multipart, a photo's multipart or data URL). A file named by a direct-upload key
 * was counted when the upload was asked for. Before this budget was shared, multipart
 * attachments counted nothing (110 × 512 KB in 7 s, all 201).
 */
import type { CoreDeps, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { consumeRateLimit } from "../rate-limit/rate-limit";

/**
 * Files one user may send an hour. Each can hold 5 MB in the bucket for a day (a direct upload
 * never named) or in storage for good (within the attachment quota), so this bounds what one
 * account can park; a person attaching files and choosing photos stays far below it.
 */
export const UPLOAD_RATE_LIMIT: RateRule = { limit: 100, windowMs: 60 * 60 * 1000 };

/** Counts one file for the caller; 429 with Retry-After past the budget. */
export async function countUpload(
  deps: Pick<CoreDeps, "db" | "clock">,
  caller: SignedInCaller,
): Promise<void> {
  await consumeRateLimit(deps.db, {
    key: `uploads:user:${caller.userId}`,
    rule: UPLOAD_RATE_LIMIT,
    now: deps.clock.now(),
  });
}
