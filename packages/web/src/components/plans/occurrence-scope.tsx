import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { OccurrenceScope } from "./occurrence-ref";

const SCOPE_LABELS: Record<OccurrenceScope, string> = {
  occurrence: "This event",
  following: "This and following events",
  all: "All events",
};

/** Shown when the repeat itself changes: what happens to events changed on their own. */
export const RULE_CHANGE_NOTE =
  "Events changed on their own (moved, deleted or completed) stay as they are where the new repeat still has them; the others are removed.";

/**
 * Which occurrences of a series a change applies to, as calendar users know it. "This event"
 * is left out when the repeat rule itself changed: one occurrence has no rule of its own.
 */
export function ScopeChoice({
  value,
  onChange,
  allowOccurrence = true,
  disabled,
}: {
  value: OccurrenceScope;
  onChange: (scope: OccurrenceScope) => void;
  allowOccurrence?: boolean;
  disabled?: boolean;
}) {
  const name = useId();
  const scopes = (Object.keys(SCOPE_LABELS) as OccurrenceScope[]).filter(
    (scope) => allowOccurrence || scope !== "occurrence",
  );
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="sr-only">Apply to</legend>
      {scopes.map((scope) => (
        <label
          key={scope}
          className="flex cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2.5 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:outline-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="size-4 accent-primary focus-visible:outline-none"
          />
          {SCOPE_LABELS[scope]}
        </label>
      ))}
    </fieldset>
  );
}

/** Asked on saving an edit of one occurrence of a series. */
export function EditScopeDialog({
  open,
  onOpenChange,
  allowOccurrence,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  allowOccurrence: boolean;
  onChoose: (scope: OccurrenceScope) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <EditScopeForm
          allowOccurrence={allowOccurrence}
          onCancel={() => onOpenChange(false)}
          onChoose={onChoose}
        />
      </DialogContent>
    </Dialog>
  );
}

function EditScopeForm({
  allowOccurrence,
  onCancel,
  onChoose,
}: {
  allowOccurrence: boolean;
  onCancel: () => void;
  onChoose: (scope: OccurrenceScope) => void;
}) {
  const [scope, setScope] = useState<OccurrenceScope>(allowOccurrence ? "occurrence" : "following");
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(scope);
      }}
    >
      <DialogHeader>
        <DialogTitle>Edit recurring event</DialogTitle>
        <DialogDescription>Which events should change?</DialogDescription>
      </DialogHeader>
      <ScopeChoice value={scope} onChange={setScope} allowOccurrence={allowOccurrence} />
      {allowOccurrence ? null : (
        // A new rule drops the exceptions it no longer has (docs/decisions/009): said before
        // saving, never found out later.
        <p className="text-sm text-muted-foreground">{RULE_CHANGE_NOTE}</p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">OK</Button>
      </DialogFooter>
    </form>
  );
}
