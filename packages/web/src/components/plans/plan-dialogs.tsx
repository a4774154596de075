/**
 * The plan form and voice entry, for the plan pieces and screens that open them. The form lives
 * in features/plans and voice entry in features/voice; the plan card, the add buttons and the
 * screens of other features reach them through this context rather than by importing another
 * feature, so every arrow points from a feature down to components, lib and shared (biome.json
 * forbids the rest). The app's providers fill it (app/plan-dialogs.ts), with the dialogs
 * downloaded when first opened; component tests render with the same (testing/render-with-trpc).
 *
 * Components, not "open" functions: each opener keeps rendering its dialog where it did, with
 * its own open state, so focus returns to it on closing as before.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { type ComponentType, createContext, type ReactNode, use } from "react";
import type { PlanTextOutcome } from "./process-plan-text";

export interface PlanDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The circle a new plan starts in (the circle page's own). */
  defaultCircleId?: number;
  /** The day a new plan starts on, `yyyy-MM-dd`; today when absent. */
  defaultDate?: string;
  /** The time the form starts a new plan at, `HH:mm` (a slot of the week); empty when absent. */
  defaultTime?: string;
  /** What a new unassigned plan is: an event unless told (the to-do list adds to-dos). */
  defaultKind?: "event" | "todo";
  /** The plan (or the occurrence of a series) to edit; absent when creating. */
  plan?: Plan;
  /** A sentence already read (the voice dialog's): a new plan opens in the form filled from it. */
  parsed?: PlanTextOutcome;
  /** Where a new plan starts: the free-text step, or straight in the form (Switch to Manual). */
  startIn?: "text" | "form";
  /** Where focus goes on closing, when not back to what opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
}

export interface VoiceDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The circle the plan is for (the circle page's own); chosen in the dialog otherwise. */
  defaultCircleId?: number;
  /** The day a plan starts on when what was said could not be read; today when absent. */
  defaultDate?: string;
}

export interface PlanDialogs {
  /** Create Plan and Edit Plan. */
  PlanDialog: ComponentType<PlanDialogProps>;
  /** Starts downloading the form before it opens (voice entry does while the person speaks). */
  loadPlanDialog(): Promise<unknown>;
  /** Create Event with Voice, which leads to the form. */
  VoiceDialog: ComponentType<VoiceDialogProps>;
}

const PlanDialogsContext = createContext<PlanDialogs | null>(null);

export function PlanDialogsProvider({
  dialogs,
  children,
}: {
  dialogs: PlanDialogs;
  children: ReactNode;
}) {
  return <PlanDialogsContext value={dialogs}>{children}</PlanDialogsContext>;
}

export function usePlanDialogs(): PlanDialogs {
  const dialogs = use(PlanDialogsContext);
  if (!dialogs) throw new Error("usePlanDialogs: no PlanDialogsProvider (app/providers.tsx)");
  return dialogs;
}
