import { QueryClient } from "@tanstack/react-query";

/** Client-wide fetching defaults from the accounts spec, section 9. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}
