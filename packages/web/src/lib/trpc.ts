import type { AppRouter } from "@circleplan/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@circleplan/shared/limits";
import { httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";

export const trpc = createTRPCReact<AppRouter>();

/** Below what every browser, proxy and CloudFront accept in a URL. */
const MAX_URL_LENGTH = 2000;

const fetchWithCookies: typeof fetch = (input, init) =>
  fetch(input, { ...(init as RequestInit), credentials: "include" });

/**
 * Reads made in the same moment (a screen's queries, a refetch after a change, the session
 * check of a remembered user: routes.tsx) go in one request: every request costs the same on
 * AWS whatever it carries (decision 018, "The client"). Each read's error keeps its own status
 * in the batch's answer. Changes stay one a request: each keeps its own HTTP status and
 * Retry-After, the same answer the REST door gives, and a rate-limited change cannot fail its
 * neighbours (decision 005).
 */
export function createTrpcClient() {
  const common = { url: "/api/trpc", transformer: superjson, fetch: fetchWithCookies };
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === "query",
        true: httpBatchLink({
          ...common,
          maxItems: TRPC_MAX_BATCH_SIZE,
          maxURLLength: MAX_URL_LENGTH,
        }),
        false: httpLink(common),
      }),
    ],
  });
}
