import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import {
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { FullPageSpinner, PageSpinner } from "@/components/ui/spinner";
import { rememberedUser } from "@/lib/remembered-user";
import { authPathFor, safeReturnTo } from "@/lib/return-to";
import { useSessionCheck } from "@/lib/session";
import { SESSION_RECHECK_WAIT_MS } from "@/lib/timings";
import { trpc } from "@/lib/trpc";
import { paths } from "./paths";

type Preloadable<P> = ComponentType<P> & {
  preload: () => void;
  /** Resolves once the chunk is there (or failed: the screen then shows the failure). */
  load: () => Promise<void>;
};

/**
 * A lazy chunk that can also be fetched before its first render, so the session check and the
 * screen it leads to download side by side instead of one after the other. `preload` is safe to
 * call on every render, as react-dom's own preload() is. A chunk that has arrived renders at
 * once: React.lazy would still suspend for a tick, and React holds a revealed Suspense
 * boundary back for up to 300 ms after its fallback showed.
 */
function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const start = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await start() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chunk at module level, as React.lazy is, never while rendering
  const Preloaded = (props: P) => createElement(loaded ?? Lazy, props);
  // A failed download surfaces where the screen renders: React.lazy rethrows it there.
  return Object.assign(Preloaded, {
    preload: () => void start().catch(() => {}),
    load: () =>
      start().then(
        () => {},
        () => {},
      ),
  });
}

// Each screen is its own chunk, so the first load only carries the router and the session.
const AuthScreen = lazyWithPreload(() =>
  import("@/features/auth/auth-screen").then((m) => m.AuthScreen),
);
const VerifyEmailScreen = lazyWithPreload(() =>
  import("@/features/auth/verify-email-screen").then((m) => m.VerifyEmailScreen),
);
const UnsubscribeScreen = lazyWithPreload(() =>
  import("@/features/notifications/unsubscribe-screen").then((m) => m.UnsubscribeScreen),
);
const DevMailboxScreen = lazyWithPreload(() =>
  import("@/features/dev-mailbox/dev-mailbox-screen").then((m) => m.DevMailboxScreen),
);
const NotFoundScreen = lazyWithPreload(() =>
  import("@/features/not-found/not-found-screen").then((m) => m.NotFoundScreen),
);
const DashboardScreen = lazyWithPreload(() =>
  import("@/features/dashboard/dashboard-screen").then((m) => m.DashboardScreen),
);
const MyDayScreen = lazyWithPreload(() =>
  import("@/features/plans/my-day-screen").then((m) => m.MyDayScreen),
);
const TodosScreen = lazyWithPreload(() =>
  import("@/features/plans/todos-screen").then((m) => m.TodosScreen),
);
const PlannerScreen = lazyWithPreload(() =>
  import("@/features/planner/planner-screen").then((m) => m.PlannerScreen),
);
const UpcomingScreen = lazyWithPreload(() =>
  import("@/features/upcoming/upcoming-screen").then((m) => m.UpcomingScreen),
);
const CalendarScreen = lazyWithPreload(() =>
  import("@/features/calendar/calendar-screen").then((m) => m.CalendarScreen),
);
const ActionCenterScreen = lazyWithPreload(() =>
  import("@/features/actions/action-center-screen").then((m) => m.ActionCenterScreen),
);
const CircleActionCenterScreen = lazyWithPreload(() =>
  import("@/features/actions/action-center-screen").then((m) => m.CircleActionCenterScreen),
);
const CircleCalendarScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-calendar-screen").then((m) => m.CircleCalendarScreen),
);
const ProfileScreen = lazyWithPreload(() =>
  import("@/features/profile/profile-screen").then((m) => m.ProfileScreen),
);
const CircleHomeScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-home-screen").then((m) => m.CircleHomeScreen),
);
const CircleScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-screen").then((m) => m.CircleScreen),
);
const CircleSettingsScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-settings-screen").then((m) => m.CircleSettingsScreen),
);
const CircleMembersScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-members-screen").then((m) => m.CircleMembersScreen),
);
const CircleActivityScreen = lazyWithPreload(() =>
  import("@/features/circles/circle-activity-screen").then((m) => m.CircleActivityScreen),
);
const InboxScreen = lazyWithPreload(() =>
  import("@/features/inbox/inbox-screen").then((m) => m.InboxScreen),
);
const SearchScreen = lazyWithPreload(() =>
  import("@/features/search/search-screen").then((m) => m.SearchScreen),
);
const InvitationsScreen = lazyWithPreload(() =>
  import("@/features/invitations/invitations-screen").then((m) => m.InvitationsScreen),
);
const InvitationTokenScreen = lazyWithPreload(() =>
  import("@/features/invitations/invitation-token-screen").then((m) => m.InvitationTokenScreen),
);
const SessionError = lazyWithPreload(() => import("./session-error").then((m) => m.SessionError));
const AppShell = lazyWithPreload(() =>
  import("@/features/shell/app-shell").then((m) => m.AppShell),
);

/**
 * Signed-in screens by route, first match wins: /circle/home before /circle/:id, which would
 * otherwise take "home" for an id.
 */
const screenRoutes: readonly { pattern: string; screen: Preloadable<object> }[] = [
  { pattern: paths.dashboard, screen: DashboardScreen },
  { pattern: paths.plans, screen: MyDayScreen },
  { pattern: paths.todos, screen: TodosScreen },
  { pattern: paths.planner, screen: PlannerScreen },
  { pattern: paths.upcoming, screen: UpcomingScreen },
  { pattern: paths.calendar, screen: CalendarScreen },
  { pattern: paths.actions, screen: ActionCenterScreen },
  { pattern: paths.actionCenter, screen: ActionCenterScreen },
  { pattern: paths.profile, screen: ProfileScreen },
  { pattern: paths.circleHome, screen: CircleHomeScreen },
  { pattern: paths.circleSettings.pattern, screen: CircleSettingsScreen },
  { pattern: paths.circleMembers.pattern, screen: CircleMembersScreen },
  { pattern: paths.circleCalendar.pattern, screen: CircleCalendarScreen },
  { pattern: paths.circleActions.pattern, screen: CircleActionCenterScreen },
  { pattern: paths.circleActivity.pattern, screen: CircleActivityScreen },
  { pattern: paths.circle.pattern, screen: CircleScreen },
  { pattern: paths.invitations, screen: InvitationsScreen },
  { pattern: paths.inbox, screen: InboxScreen },
  { pattern: paths.search, screen: SearchScreen },
  { pattern: paths.invitation.pattern, screen: InvitationTokenScreen },
];

/** Signed-in screens: one layout around them all, so the shell stays mounted between them. */
const signedInPatterns = screenRoutes.map((route) => route.pattern);

/** The chunk of the screen at `location` (the layout only renders where one matches). */
function useScreenAt(location: string): Preloadable<object> | undefined {
  const { parser } = useRouter();
  return screenRoutes.find(({ pattern }) => matchRoute(parser, pattern, location)[0])?.screen;
}

function ScreenBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/** A screen outside the signed-in layout. */
function StandaloneScreen({ screen: Screen }: { screen: Preloadable<object> }) {
  Screen.preload();
  return (
    <ScreenBoundary>
      <Screen />
    </ScreenBoundary>
  );
}

function SignedInScreens() {
  return (
    <Switch>
      {screenRoutes.map(({ pattern, screen: Screen }) => (
        <Route key={pattern} path={pattern}>
          <Screen />
        </Route>
      ))}
    </Switch>
  );
}

/**
 * Until the session is known, a spinner. The screen after it then mounts as a transition (the
 * deferred value): React renders it in slices that leave the main thread free in between, where
 * a phone-sized CPU would otherwise freeze for the whole first render, and it keeps the spinner
 * up while a chunk is still on its way instead of flashing a Suspense fallback.
 */
function useSessionPending(isLoading: boolean): boolean {
  return useDeferredValue(isLoading);
}

/**
 * Signed-in routes. Opening the app again, with the user remembered from the last visit
 * (remembered-user.ts), the layout waits for its chunks and then renders at once from that
 * user: the session check and every query of the first screen leave in one request, and the
 * server's answer replaces the remembered user or, 401, signs out. Without one, as before: the
 * session is asked first.
 */
function SignedInLayout() {
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const screen = useScreenAt(location);
  const [fromMemory] = useState(() => seedRememberedUser(queryClient));
  const [chunksHere, setChunksHere] = useState(!fromMemory);
  useEffect(() => {
    if (chunksHere) return;
    let current = true;
    void Promise.all([AppShell.load(), screen?.load()]).then(() => {
      if (current) setChunksHere(true);
    });
    return () => {
      current = false;
    };
  }, [chunksHere, screen]);
  if (!chunksHere) return <FullPageSpinner label="Checking your session" />;
  return <SignedInApp checkRemembered={fromMemory} />;
}

/** Puts the remembered user where the session check's answer goes; true if there was one. */
function seedRememberedUser(queryClient: QueryClient): boolean {
  const key = getQueryKey(trpc.auth.user, undefined, "query");
  if (queryClient.getQueryData(key) !== undefined) return false;
  const remembered = rememberedUser();
  if (!remembered) return false;
  queryClient.setQueryData(key, remembered);
  return true;
}

/**
 * Asks the server about the remembered user in the same moment as the first screen's queries,
 * so that the tRPC client's batch carries them together: react-query starts a mounting
 * screen's fetches a task after the effects, so the check waits for the first of them (or, if
 * none comes, a short while).
 */
function SessionRecheck({ recheck }: { recheck: () => unknown }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let done = false;
    const check = () => {
      if (done) return;
      done = true;
      unsubscribe();
      window.clearTimeout(fallback);
      void recheck();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "fetch") check();
    });
    const fallback = window.setTimeout(check, SESSION_RECHECK_WAIT_MS);
    return () => {
      done = true;
      unsubscribe();
      window.clearTimeout(fallback);
    };
  }, [queryClient, recheck]);
  return null;
}

/** A spinner while the session loads, a redirect to sign in when there is none. */
function SignedInApp({ checkRemembered }: { checkRemembered: boolean }) {
  const { user, isLoading, error, refetch } = useSessionCheck();
  const pending = useSessionPending(isLoading);
  const [location] = useLocation();
  const search = useSearch();
  const screen = useScreenAt(location);
  AppShell.preload();
  screen?.preload();
  if (pending) return <FullPageSpinner label="Checking your session" />;
  if (error) {
    return (
      <ScreenBoundary>
        <SessionError error={error} onRetry={() => void refetch()} />
      </ScreenBoundary>
    );
  }
  if (!user) {
    const here = search ? `${location}?${search}` : location;
    return <Redirect to={authPathFor(here)} replace />;
  }
  return (
    <ScreenBoundary>
      <AppShell>
        <Suspense fallback={<PageSpinner />}>
          <SignedInScreens />
          {checkRemembered ? <SessionRecheck recheck={refetch} /> : null}
        </Suspense>
      </AppShell>
    </ScreenBoundary>
  );
}

function AuthRoute() {
  const { user, isLoading } = useSessionCheck();
  const pending = useSessionPending(isLoading);
  const search = useSearch();
  // Decided once: a visitor who arrives signed in moves on at once, while one who signs in here
  // stays until the login form's own delayed redirect (spec: about 0.5 s).
  const arrivedSignedIn = useRef<boolean | null>(null);
  AuthScreen.preload();
  if (user) {
    // Signed in (here, or before arriving): the shell and the dashboard, where login leads,
    // download during the login's 0.5 s pause.
    AppShell.preload();
    DashboardScreen.preload();
  }
  if (pending) return <FullPageSpinner label="Checking your session" />;
  arrivedSignedIn.current ??= user !== null;
  if (arrivedSignedIn.current) {
    return <Redirect to={safeReturnTo(new URLSearchParams(search).get("returnTo"))} replace />;
  }
  return <StandaloneScreen screen={AuthScreen} />;
}

function PublicRoutes() {
  return (
    <Switch>
      <Route path={paths.auth} component={AuthRoute} />
      <Route path={paths.verifyEmail}>
        <StandaloneScreen screen={VerifyEmailScreen} />
      </Route>
      <Route path={paths.unsubscribe}>
        <StandaloneScreen screen={UnsubscribeScreen} />
      </Route>
      <Route path={paths.devMailbox}>
        <StandaloneScreen screen={DevMailboxScreen} />
      </Route>
      <Route path={paths.root}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route path={paths.home}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route>
        <StandaloneScreen screen={NotFoundScreen} />
      </Route>
    </Switch>
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const signedIn = signedInPatterns.some((pattern) => matchRoute(parser, pattern, location)[0]);
  return signedIn ? <SignedInLayout /> : <PublicRoutes />;
}
