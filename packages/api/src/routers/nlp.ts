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
      },
    })
    .input(processVoiceInput)
    .output(syncParsed(voiceResultSchema))
    .mutation(({ ctx, input }) => processVoice({ deps: ctx.deps, caller: ctx.caller, input })),
});
