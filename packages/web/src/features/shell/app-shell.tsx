import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Logo } from "@/components/logo";
import { usePrefetchMemberColors } from "@/components/plans/assignee-label";
import { ThemeSwitch } from "@/components/theme-switch";
import { InboxBell } from "@/features/inbox/inbox-bell";
import { useLiveSync } from "@/features/live/use-live-sync";
import { LazyReminders } from "@/features/reminders/lazy-reminders";
import { SearchField } from "@/features/search/search-field";
import { BottomBar } from "./bottom-bar";
import { CircleStrip } from "./circle-strip";
import { UserMenu } from "./user-menu";

// Forms, colour choice and photo handling: downloaded the first time someone asks for it.
const CreateCircleDialog = lazy(() =>
  import("@/features/circles/create-circle/create-circle-dialog").then((m) => ({
    default: m.CreateCircleDialog,
  })),
);

export function AppShell({ children }: { children: ReactNode }) {
  // Every screen of the signed-in app stays current through the one live channel (decision 018).
  useLiveSync();
  usePrefetchMemberColors();
  const [creating, setCreating] = useState(false);
  // Stays mounted after the first opening, so closing is a state change and not an unmount.
  const [createAsked, setCreateAsked] = useState(false);
  // What opened the dialog, to give focus back to on closing: a menu item is gone by then.
  const opener = useRef<HTMLElement | null>(null);
  const openCreate = (from: HTMLElement | null) => {
    opener.current = from;
    setCreateAsked(true);
    setCreating(true);
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-4">
          <Link href={paths.dashboard} className="rounded-md" aria-label="Circleplan home">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <SearchField />
            <InboxBell />
            <ThemeSwitch />
            <UserMenu onCreateCircle={openCreate} />
          </div>
        </div>
      </header>
      <CircleStrip onCreateCircle={openCreate} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28">
        {children}
      </main>
      <BottomBar />
      <LazyReminders />
      {createAsked ? (
        <Suspense fallback={null}>
          <CreateCircleDialog
            open={creating}
            onOpenChange={setCreating}
            restoreFocus={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
