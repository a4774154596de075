import {
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useRef,
} from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { FullPageSpinner, PageSpinner } from "@/components/ui/spinner";
import { authPathFor, safeReturnTo } from "@/lib/return-to";
import { useCurrentUser } from "@/lib/session";
import { paths } from "./paths";

type Preloadable<P> = ComponentType<P> & { preload: () => void };

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
  return Object.assign(Preloaded, { preload: () => void start().catch(() => {}) });
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
// Radix Tooltip brings the positioning engine (floating-ui): it loads next to the first screen,
// inside the screens' Suspense, so it never holds up the session check.
const AppTooltipProvider = lazyWithPreload(() =>
  import("@/components/ui/tooltip").then((m) => m.AppTooltipProvider),
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
  { pattern: paths.invitation.pattern, screen: InvitationTokenScreen },
];

/** Signed-in screens: one layout around them all, so the shell stays mounted between them. */
const signedInPatterns = screenRoutes.map((route) => route.pattern);

/** The chunk of the screen at `location` (the layout only renders where one matches). */
function useScreenAt(location: string): { preload: () => void } | undefined {
  const { parser } = useRouter();
  return screenRoutes.find(({ pattern }) => matchRoute(parser, pattern, location)[0])?.screen;
}

function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppTooltipProvider>{children}</AppTooltipProvider>
    </Suspense>
  );
}

/** A screen outside the signed-in layout: its chunk and the tooltip provider's, side by side. */
function StandaloneScreen({ screen: Screen }: { screen: Preloadable<object> }) {
  AppTooltipProvider.preload();
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

/** Signed-in routes: a spinner while the session loads, a redirect to sign in when there is none. */
function SignedInLayout() {
  const { user, isLoading, error, refetch } = useCurrentUser();
  const pending = useSessionPending(isLoading);
  const [location] = useLocation();
  const search = useSearch();
  const screen = useScreenAt(location);
  AppTooltipProvider.preload();
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
        </Suspense>
      </AppShell>
    </ScreenBoundary>
  );
}

function AuthRoute() {
  const { user, isLoading } = useCurrentUser();
  const pending = useSessionPending(isLoading);
  const search = useSearch();
  // Decided once: a visitor who arrives signed in moves on at once, while one who signs in here
  // stays until the login form's own delayed redirect (spec: about 0.5 s).
  const arrivedSignedIn = useRef<boolean | null>(null);
  AppTooltipProvider.preload();
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
