import type { ReactNode } from "react";
import { useCurrentUser } from "@/lib/session";

/**
 * Renders its children once the signed-in user is known, as the app's signed-in layout does:
 * a plan screen never shows before it knows whose plans they are.
 */
export function UserReady({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return user ? children : null;
}
