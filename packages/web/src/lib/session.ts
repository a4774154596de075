import { THEME_STORAGE_KEY } from "@circleplan/shared/limits";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useLocation } from "wouter";
import { LOGOUT_RELOAD_DELAY_MS } from "@/lib/timings";
import { httpStatus, isUnauthorized } from "./errors";
import { rememberUser } from "./remembered-user";
import { trpc } from "./trpc";

/**
 * The signed-in user. A 401 is the normal "signed out" answer, not an error (accounts spec,
 * section 4), so it yields `user: null` and no error, and a screen mounting later does not ask
 * again (`retryOnMount: false`).
 */
export function useCurrentUser() {
  // Sent while rendering: react-query's own fetch starts in an effect after the first paint,
  // later than the screen chunks the routes preload, and the screen waits for both.
  trpc.auth.user.usePrefetchQuery();
  const query = trpc.auth.user.useQuery(undefined, { retryOnMount: false });
  const signedOut = isUnauthorized(query.error);
  return {
    user: signedOut ? null : (query.data ?? null),
    isLoading: query.isPending,
    error: query.error && !signedOut ? query.error : null,
    refetch: query.refetch,
  };
}

/**
 * `useCurrentUser`, also keeping the server's answer for the next page load (remembered-user.ts);
 * used once by each layout that checks the session, not by every screen that reads the user.
 */
export function useSessionCheck() {
  const current = useCurrentUser();
  const { user, error, isLoading } = current;
  const signedOut = !isLoading && !error && !user;
  useEffect(() => {
    if (signedOut) rememberUser(null);
    else if (user) rememberUser(user);
  }, [user, signedOut]);
  return current;
}

function clearReadableCookies() {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie by name needs this API; the Cookie Store API is missing from Firefox and older Safari
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function clearClientState() {
  let theme: string | null = null;
  try {
    theme = localStorage.getItem(THEME_STORAGE_KEY);
    localStorage.clear();
    if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); the reload below still drops memory state.
  }
  clearReadableCookies();
}

/**
 * Signs out on the server, then wipes client state whatever the server said: a stale session
 * must never survive on a shared family device (accounts spec, section 4).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  const forgetDevice = trpc.notifications.unsubscribeDevice.useMutation();
  const [, navigate] = useLocation();

  const signOut = useCallback(async () => {
    // Loaded on sign-out only: push code stays out of every screen's first load.
    const { forgetThisDevice } = await import("@/features/notifications/push-device");
    await forgetThisDevice((endpoint) => forgetDevice.mutateAsync({ endpoint }));
    try {
      await logout.mutateAsync();
    } catch (error) {
      console.warn(`Logout failed with ${httpStatus(error) ?? "no response"}`);
    }
    queryClient.clear();
    clearClientState();
    navigate("/", { replace: true });
    window.setTimeout(() => window.location.reload(), LOGOUT_RELOAD_DELAY_MS);
  }, [logout, forgetDevice, queryClient, navigate]);

  return { signOut, isPending: logout.isPending };
}
