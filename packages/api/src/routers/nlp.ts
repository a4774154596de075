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
          "Members of the circle named by `circleId` (404 otherwise). Turns a sentence (\"Dentist with Mia next Tuesday at 4pm, remind me an hour before\") into a draft plan to review; nothing is saved. Dates are read in `userTimezone` (the caller's zone when absent) from `referenceDay` (today when absent); a name heard is matched against the circle's members. Reading runs in the server, no outside service, and is the same for the same text, zone and time; a sentence the reader cannot take gets the basic reading and `fallbackProcessing` says so. 400 for an empty or too long text.",
      },
    })
    .input(processVoiceInput)
    .output(syncParsed(voiceResultSchema))
    .mutation(({ ctx, input }) => processVoice({ deps: ctx.deps, caller: ctx.caller, input })),
});
