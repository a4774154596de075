/**
 * The plan screens' failure toasts (plans spec, section 8): destructive, with the server's
 * message as the description. A permission refusal is 'Action not allowed' with the server's
 * reason, whatever was tried.
 */

import { errorData, httpStatus, serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";

const NOT_ALLOWED = "Action not allowed";

export function isPermissionRefusal(error: unknown): boolean {
  return httpStatus(error) === 403;
}

export function planFailureToast(error: unknown, title: string): void {
  if (isPermissionRefusal(error)) {
    // The completion message already begins with the title ("Action not allowed: You do not
    // have permission…"): the toast says it once.
    const reason = serverMessage(error, "You do not have permission to do this.")
      .replace(/^Action not allowed:\s*/, "")
      .trim();
    toast.error(NOT_ALLOWED, { description: reason });
    return;
  }
  toast.error(title, { description: serverMessage(error, "Please try again.") });
}

/** The server refused and said why (a 4xx with its message), not a failure to answer. */
export function refusedWithReason(error: unknown): boolean {
  const status = errorData(error)?.httpStatus ?? 0;
  return status >= 400 && status < 500;
}
