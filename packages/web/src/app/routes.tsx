import { lazy, type ReactNode, Suspense, useRef } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { FullPageSpinner, PageSpinner } from "@/components/ui/spinner";
import { authPathFor, safeReturnTo } from "@/lib/return-to";
import { useCurrentUser } from "@/lib/session";
import { paths, placeholderRoutes } from "./paths";

// Each screen is its own chunk, so the first load only carries the router and the session.
const AuthScreen = lazy(() =>
  import("@/features/auth/auth-screen").then((m) => ({ default: m.AuthScreen })),
);
const VerifyEmailScreen = lazy(() =>
  import("@/features/auth/verify-email-screen").then((m) => ({ default: m.VerifyEmailScreen })),
);
const DevMailboxScreen = lazy(() =>
  import("@/features/dev-mailbox/dev-mailbox-screen").then((m) => ({
    default: m.DevMailboxScreen,
  })),
);
const NotFoundScreen = lazy(() =>
  import("@/features/not-found/not-found-screen").then((m) => ({ default: m.NotFoundScreen })),
);
const PlaceholderScreen = lazy(() =>
  import("@/features/placeholder/placeholder-screen").then((m) => ({
    default: m.PlaceholderScreen,
  })),
);
const ProfileScreen = lazy(() =>
  import("@/features/profile/profile-screen").then((m) => ({ default: m.ProfileScreen })),
);
const SessionError = lazy(() =>
  import("./session-error").then((m) => ({ default: m.SessionError })),
);
const AppShell = lazy(() =>
  import("@/features/shell/app-shell").then((m) => ({ default: m.AppShell })),
);

function Standalone({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/** Signed-in routes: a spinner while the session loads, a redirect to sign in when there is none. */
function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading, error, refetch } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (error) {
    return (
      <Standalone>
        <SessionError error={error} onRetry={() => void refetch()} />
      </Standalone>
    );
  }
  if (!user) {
    const here = search ? `${location}?${search}` : location;
    return <Redirect to={authPathFor(here)} replace />;
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </AppShell>
    </Suspense>
  );
}

function AuthRoute() {
  const { user, isLoading } = useCurrentUser();
  const search = useSearch();
  // Decided once: a visitor who arrives signed in moves on at once, while one who signs in here
  // stays until the login form's own delayed redirect (spec: about 0.5 s).
  const arrivedSignedIn = useRef<boolean | null>(null);
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  arrivedSignedIn.current ??= user !== null;
  if (arrivedSignedIn.current) {
    return <Redirect to={safeReturnTo(new URLSearchParams(search).get("returnTo"))} replace />;
  }
  return (
    <Standalone>
      <AuthScreen />
    </Standalone>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.auth} component={AuthRoute} />
      <Route path={paths.verifyEmail}>
        <Standalone>
          <VerifyEmailScreen />
        </Standalone>
      </Route>
      <Route path={paths.devMailbox}>
        <Standalone>
          <DevMailboxScreen />
        </Standalone>
      </Route>
      <Route path={paths.root}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route path={paths.home}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route path={paths.profile}>
        <RequireUser>
          <ProfileScreen />
        </RequireUser>
      </Route>
      {placeholderRoutes.map((route) => (
        <Route key={route.pattern} path={route.pattern}>
          <RequireUser>
            <PlaceholderScreen title={route.title} />
          </RequireUser>
        </Route>
      ))}
      <Route>
        <Standalone>
          <NotFoundScreen />
        </Standalone>
      </Route>
    </Switch>
  );
}
