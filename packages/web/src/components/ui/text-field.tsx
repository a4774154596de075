import { PASSWORD_MIN_LENGTH } from "@circleplan/shared/limits";
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { cn } from "@/lib/utils";
import { Field } from "./field";
import { Input } from "./input";

// Input settings that belong to a kind of field, so every form asks for them the same way.
export const emailInput = { type: "email", autoComplete: "email", inputMode: "email" } as const;
export const newPasswordInput = { type: "password", autoComplete: "new-password" } as const;
/**
 * Names the special characters, so nobody has to guess whether "-" or "_" counts (they do
 * not). The list is one block, so a narrow screen moves it to its own line instead of
 * breaking it after any symbol.
 */
export const NEW_PASSWORD_HINT = (
  <>
    At least {PASSWORD_MIN_LENGTH} characters, with a number and a special character:{" "}
    <span className="inline-block font-mono">
      ! @ # $ % ^ &amp; * ( ) , . ? " : {"{ }"} | &lt; &gt;
    </span>
  </>
);

interface TextFieldProps<T extends FieldValues>
  extends Omit<ComponentProps<typeof Input>, "form" | "id" | "name"> {
  // The resolver's output type varies by form; only the field values matter here.
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's third type parameter
  form: UseFormReturn<T, unknown, any>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  /** Drawn inside the input, at its start (a pin before a place) or its end (a clock). */
  icon?: LucideIcon;
  iconAt?: "start" | "end";
}

/** A labelled text input registered with a react-hook-form form, showing that field's error. */
export function TextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  optional,
  hint,
  icon: Icon,
  iconAt = "start",
  className,
  ...input
}: TextFieldProps<T>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} optional={optional} error={error} hint={hint}>
      {(control) => {
        const field = (
          <Input
            {...control}
            {...form.register(name)}
            {...input}
            className={cn(Icon && (iconAt === "start" ? "pl-9" : "pr-9"), className)}
          />
        );
        if (!Icon) return field;
        return (
          <div className="relative">
            {field}
            <Icon
              aria-hidden="true"
              className={cn(
                "pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-muted-foreground",
                iconAt === "start" ? "left-3" : "right-3",
              )}
            />
          </div>
        );
      }}
    </Field>
  );
}
