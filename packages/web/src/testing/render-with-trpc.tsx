/**
 * Renders a screen as the app does (tRPC and react-query providers with the app's defaults, the
 * app's plan form and voice entry, a router), with the server replaced by handlers keyed by procedure path ("invitations.pending").
 * A handler throws `serverError(...)` to answer as the API's error formatter would. A screen's
 * test that only checks how it opens the plan form or voice entry passes stand-ins for them
 * (`dialogs`) through the app's own context, rather than replacing their modules with `vi.mock`,
 * which would make its file run isolated (vitest.config.ts).
 */
import type { AppRouter } from "@circleplan/api/root";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { planDialogs } from "@/app/plan-dialogs";
import { type PlanDialogs, PlanDialogsProvider } from "@/components/plans/plan-dialogs";
import { createQueryClient } from "@/lib/query-client";
import { trpc } from "@/lib/trpc";

export type Handler = (input: unknown) => unknown;

/** An error as the client builds it from a server answer: message, HTTP status and code. */
export function serverError(message: string, httpStatus: number, code = "BAD_REQUEST") {
  return new TRPCClientError<AppRouter>(message, {
    result: { error: { message, code: -32600, data: { code, httpStatus, path: undefined } } },
  });
}

/** What a call that never reached a server looks like (offline, server down). */
export function noAnswer() {
  return new TRPCClientError<AppRouter>("Failed to fetch");
}

export interface RenderedWithTrpc extends RenderResult {
  /** The calls made so far to one procedure, oldest first. */
  callsTo(procedure: string): { path: string; input: unknown }[];
  /** Where the app navigated last. */
  location(): string | undefined;
  /** The cache the screen reads, for a test standing in for live sync's invalidations. */
  queryClient: QueryClient;
}

export function renderWithTrpc(
  ui: ReactElement,
  {
    handlers,
    path = "/",
    dialogs,
  }: { handlers: Record<string, Handler>; path?: string; dialogs?: Partial<PlanDialogs> },
): RenderedWithTrpc {
  const calls: { path: string; input: unknown }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw serverError(`No test handler for ${op.path}`, 500, "INTERNAL");
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(
                error instanceof TRPCClientError ? error : TRPCClientError.from(error as Error),
              ),
          );
      });
  const client = trpc.createClient({ links: [link] });
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <PlanDialogsProvider dialogs={{ ...planDialogs, ...dialogs }}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
          </Router>
        </PlanDialogsProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return {
    ...result,
    callsTo: (procedure) => calls.filter((call) => call.path === procedure),
    location: () => location.history.at(-1),
    queryClient,
  };
}
