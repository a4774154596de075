import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
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
