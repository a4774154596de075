/**
 * A sentence, typed or spoken, read by the server into a plan (`nlp.processVoice`) for the
 * Create Plan form, with the toasts of plans spec section 8. The text step and the voice
 * dialog share it, so both fall back alike.
 */
import { messages } from "@circleplan/shared/messages";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";
import { getUntypedClient } from "@trpc/client";
import { useEffect } from "react";
import { serverMessage } from "@/lib/errors";
import { browserTimeZone } from "@/lib/time-zones";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { refusedWithReason } from "./plan-toasts";

/**
 * What the form opens with: the server's reading, or null when it could not be had (the form
 * then falls back to the raw text as the title).
 */
export interface PlanTextOutcome {
  text: string;
  circleId: number;
  result: VoiceResult | null;
}

export type ProcessAnswer =
  | { outcome: PlanTextOutcome; refusal?: never }
  /** The server refused the sentence and said why (no speech, too long, not your circle). */
  | { refusal: string; outcome?: never };

/**
 * `referenceDay`: the day the sentence is typed from (a day chosen on the calendar), which the
 * server reads as "today" (issue 21); today when absent. Mounting it (the text step, the voice
 * recorder) asks the server to ready its reader, so the load overlaps the typing or speaking.
 */
export function useProcessPlanText({ referenceDay }: { referenceDay?: string | undefined } = {}): {
  process(text: string, circleId: number): Promise<ProcessAnswer>;
  pending: boolean;
} {
  const mutation = trpc.nlp.processVoice.useMutation();
  usePrepareReader();

  async function process(text: string, circleId: number): Promise<ProcessAnswer> {
    try {
      // The zone the person is in as they speak: "tonight" and "at 5" are theirs.
      const result = await mutation.mutateAsync({
        text,
        circleId,
        userTimezone: browserTimeZone() ?? null,
        ...(referenceDay ? { referenceDay } : {}),
      });
      announce(result);
      return { outcome: { text, circleId, result } };
    } catch (error) {
      if (refusedWithReason(error)) {
        const reason = serverMessage(error, "Please try again.");
        toast.error("Error parsing event", { description: reason });
        return { refusal: reason };
      }
      toast.error("Voice processing failed", {
        description: messages.voiceBasicReading,
      });
      return { outcome: { text, circleId, result: null } };
    }
  }

  return { process, pending: mutation.isPending };
}

/** The spec's toast for how the sentence was read (section 8). */
function announce(result: VoiceResult): void {
  if (result.apiLimitReached) {
    toast.error("Using basic voice recognition", {
      description: "AI processing unavailable. Ask administrator to check API limits.",
    });
  } else if (result.fallbackProcessing) {
    toast.error("Voice processing failed", {
      description: messages.voiceBasicReading,
    });
  } else {
    toast.success(messages.eventParsed, {
      description: "Please review and submit the event details.",
    });
  }
}

/**
 * Where this tab's question stands, per tRPC client (the app makes one per tab; each hook's
 * `client` is a new proxy of it, so the key is the client underneath): once it has
 * heard "ready" it asks no more, since the server it reached keeps the reader loaded (another
 * Lambda container may not, and there the sentence loads it itself); never twice at once.
 */
const readerAsked = new WeakMap<object, "asking" | "ready">();

/**
 * `nlp.prepare`, fire and forget (decision 010, "Cold start"): a failure only means the sentence
 * loads the reader itself, so it is neither shown nor retried until the next opening.
 */
function usePrepareReader(): void {
  const { client } = trpc.useUtils();
  useEffect(() => {
    const tab = getUntypedClient(client);
    if (readerAsked.has(tab)) return;
    readerAsked.set(tab, "asking");
    const forget = () => readerAsked.delete(tab);
    client.nlp.prepare.mutate().then(({ ready }) => {
      if (ready) readerAsked.set(tab, "ready");
      else forget();
    }, forget);
  }, [client]);
}
