import type { AppRouter } from "@circleplan/api/root";
import { httpLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import superjson from "superjson";

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // Unbatched on purpose: every call gets its own HTTP status and Retry-After header, the
      // same answer the REST door gives, and a rate-limited call cannot fail its neighbours.
      httpLink({
        url: "/api/trpc",
        transformer: superjson,
        fetch: (input, init) => fetch(input, { ...(init as RequestInit), credentials: "include" }),
      }),
    ],
  });
}
