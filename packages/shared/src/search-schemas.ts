/**
 * Searching the caller's plans (docs/decisions/020-search.md): `GET /api/events/search?q=&limit=`
 * and `plans.search`. The header's search field checks what it sends with the same object.
 */
import * as z from "zod";
import { safeString } from "./auth-schemas";
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_LENGTH } from "./limits";
import { messages } from "./messages";

/** The words searched for: some text, bounded, without control characters. */
export const searchQueryField = safeString({
  max: SEARCH_QUERY_MAX_LENGTH,
  tooLong: messages.searchQueryTooLong,
  required: messages.searchQueryRequired,
})
  .trim()
  .min(1, { error: messages.searchQueryRequired })
  .describe(
    `The words searched for in titles, descriptions and places, up to ${SEARCH_QUERY_MAX_LENGTH} characters`,
  );

/** No query at all (`GET /api/events/search`) is a search for nothing, told as such. */
export const searchPlansInput = z.object(
  {
    q: searchQueryField,
    limit: z
      .number({ error: messages.searchLimitInvalid })
      .int({ error: messages.searchLimitInvalid })
      .min(1, { error: messages.searchLimitInvalid })
      .max(SEARCH_LIMIT_MAX, { error: messages.searchLimitInvalid })
      .default(SEARCH_LIMIT_DEFAULT)
      .describe(
        `How many plans at most, 1 to ${SEARCH_LIMIT_MAX}; ${SEARCH_LIMIT_DEFAULT} when absent`,
      ),
  },
  { error: messages.searchQueryRequired },
);
export type SearchPlansInput = z.infer<typeof searchPlansInput>;
