import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { PlanDialogsProvider } from "@/components/plans/plan-dialogs";
import { createQueryClient } from "@/lib/query-client";
import { useToastsWanted } from "@/lib/toast";
import { createTrpcClient, trpc } from "@/lib/trpc";
import { planDialogs } from "./plan-dialogs";

// Toasts only follow something a person did on a screen, so the toaster (sonner) downloads with
// the first toast (lib/toast.ts) instead of with the first screen.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Nothing here suspends the routes: they start the session check on their first render, while
 * the screens' chunks (and the tooltip provider, see routes.tsx) are still on their way.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  const toastsWanted = useToastsWanted();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <PlanDialogsProvider dialogs={planDialogs}>{children}</PlanDialogsProvider>
        {toastsWanted ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
