import type { ReactNode } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Logo } from "@/components/logo";
import { ThemeSwitch } from "@/components/theme-switch";
import { BottomBar } from "./bottom-bar";
import { UserMenu } from "./user-menu";

export function AppShell({ children }: { children: ReactNode }) {
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
            <ThemeSwitch />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28">
        {children}
      </main>
      <BottomBar />
    </div>
  );
}
