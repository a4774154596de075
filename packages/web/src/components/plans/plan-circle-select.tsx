import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { trpc } from "@/lib/trpc";

/**
 * The circle a plan is for, from the user's circles: the one a sentence's assignee is looked
 * for among. Shared by the text step and the voice dialog.
 */
export function PlanCircleSelect({
  id,
  value,
  onChange,
  selectRef,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange(circleId: string): void;
  selectRef?: (element: HTMLSelectElement | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const circles = trpc.circles.list.useQuery();
  return (
    <Field
      id={id}
      label="Circle"
      error={error ?? (circles.error ? "Your circles could not be loaded." : undefined)}
    >
      {(control) => (
        <NativeSelect
          {...control}
          ref={selectRef}
          value={value}
          onChange={(change) => onChange(change.target.value)}
          // Enabled while the list loads, so focus can start here when no circle is chosen.
          disabled={disabled}
        >
          <option value="">{circles.isPending ? "Loading circles…" : "Select a circle"}</option>
          {circles.data?.map((circle) => (
            <option key={circle.id} value={String(circle.id)}>
              {circle.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
