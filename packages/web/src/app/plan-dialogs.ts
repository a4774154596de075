import type { PlanDialogs } from "@/components/plans/plan-dialogs";
import { LazyPlanDialog, loadPlanDialog } from "@/features/plans/lazy-plan-dialog";
import { LazyVoiceDialog } from "@/features/voice/lazy-voice-dialog";

/**
 * The plan form and voice entry that the plan card, the add buttons and other features' screens
 * open (components/plans/plan-dialogs.tsx): each downloaded the first time it is opened.
 */
export const planDialogs: PlanDialogs = {
  PlanDialog: LazyPlanDialog,
  loadPlanDialog,
  VoiceDialog: LazyVoiceDialog,
};
