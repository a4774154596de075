import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Marks the label "(optional)": the form is complete without this field. */
  optional?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, a control and its messages, wired so assistive technology reads the error with the
 * field (aria-describedby) and announces it as invalid (aria-invalid). The hint stays next to
 * the error: "must contain a special character" is when the list of them is needed most.
 * Its rows stay at the top (content-start): beside a taller neighbour (one with a hint or an
 * error) a stretched grid spread them, and the two controls no longer lined up.
 */
export function Field({ id, label, optional, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <OptionalMark /> : null}
      </Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** " (optional)" after a label, quieter than the label itself. */
export function OptionalMark() {
  return (
    <>
      {" "}
      <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}

export function FieldError({
  id,
  message,
}: {
  id?: string | undefined;
  message?: string | undefined;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}
