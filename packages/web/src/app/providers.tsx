import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { FullPageSpinner } from "@/components/ui/spinner";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";
import { createTrpcClient, trpc } from "@/lib/trpc";

// Radix Tooltip brings the positioning engine (floating-ui). Every screen that shows a tooltip
// is lazy anyway, so the provider loads next to the first screen instead of in the entry chunk.
const AppTooltipProvider = lazy(() =>
  import("@/components/ui/tooltip").then((m) => ({ default: m.AppTooltipProvider })),
);

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<FullPageSpinner />}>
          <AppTooltipProvider>{children}</AppTooltipProvider>
        </Suspense>
        <Toaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
