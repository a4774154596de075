import { Fragment } from "react";
import { cn } from "@/lib/utils";

/**
 * Where an address may wrap: before its @ and before each dot, as addresses are set in print
 * ("jonathan.livingstone" / "@example.com"), never inside a name.
 */
export function emailLineBreaks(email: string): string[] {
  return email.split(/(?=[@.])/);
}

/**
 * An email address in a narrow place (the members table on a phone): it wraps at
 * emailLineBreaks' points, and only a part longer than the whole line is broken inside.
 * `overflow-wrap: anywhere` broke it wherever the line ran out, mid-name.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span className={cn("wrap-break-word", className)}>
      {emailLineBreaks(email).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one address's parts never reorder
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
