/**
 * Every list of plans answers within a size budget (docs/decisions/016-bounded-work.md): at most
 * LIST_ITEMS_MAX items, and no more than LIST_ANSWER_MAX_BYTES of them as JSON, well under the
 * 6 MB a Lambda answer may carry however long the plans' texts are. A list cut short answers its
 * first items in order; `offset` reads on from there.
 */
import { LIST_ANSWER_MAX_BYTES, LIST_ITEMS_MAX } from "@circleplan/shared/limits";

/** The first items of `items` that fit the budget (all of them, usually). */
export function withinAnswerBudget<T>(items: readonly T[]): T[] {
  const kept: T[] = [];
  let bytes = 2;
  for (const item of items.slice(0, LIST_ITEMS_MAX)) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > LIST_ANSWER_MAX_BYTES) break;
    kept.push(item);
  }
  return kept;
}
