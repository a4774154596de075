import type { FieldPath, FieldValues, Resolver, UseFormSetError } from "react-hook-form";
import { errorData } from "./errors";

/**
 * Puts the server's validation issues on the matching fields and focuses the first, as the
 * form's own validation does. Returns true when at least one landed, so the caller knows the
 * form already explains the failure.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const issue of errorData(error)?.issues ?? []) {
    // Paths may come dotted ("body.email") from the REST door; the form only knows the leaf.
    const leaf = issue.path.split(".").pop();
    const field = fields.find((name) => name === leaf);
    if (field) {
      setError(field, { type: "server", message: issue.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/**
 * A form's validation whose schema (and zod with it) downloads on the form's first check, or
 * when `preload` is called, rather than before the form can paint: /auth's login form renders
 * with react-hook-form alone (decision 005, "The first load on a phone").
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): Resolver<T> & { preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => {
    // A failed download is forgotten, so the next check tries again rather than failing forever.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => {}) });
}
