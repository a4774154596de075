import { processVoice } from "@circleplan/core/nlp/process-voice";
import { voiceResultSchema } from "@circleplan/shared/nlp-outputs";
import { processVoiceInput } from "@circleplan/shared/nlp-schemas";
import { protectedProcedure, router, syncParsed } from "../trpc";

export const nlpRouter = router({
  processVoice: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/nlp/process-voice",
        summary: "Read a typed or spoken sentence into a plan for one of the caller's circles",
        description:
          'Signed in. Turns a sentence ("Dentist with Mia next Tuesday at 4pm, remind me an hour before") into a draft plan to review; nothing is saved. Dates are read in `userTimezone` (the caller\'s zone when absent) from `referenceDay`. When the language service is unavailable or over its limit, a simpler parser answers and `fallbackProcessing` says so.',
      },
    })
    .input(processVoiceInput)
    .output(syncParsed(voiceResultSchema))
    .mutation(({ ctx, input }) => processVoice({ deps: ctx.deps, caller: ctx.caller, input })),
});
