import { processVoice } from "@circleplan/core/nlp/process-voice";
import { prepareReader } from "@circleplan/core/nlp/warm-reader";
import { readerReadySchema, voiceResultSchema } from "@circleplan/shared/nlp-outputs";
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

  prepare: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/nlp/prepare",
        summary: "Ready the sentence reader before a sentence is sent",
        description:
          "Signed-in users. Loads the server's sentence reader (about half a second of work, once per server process) and answers when it is ready, so a client that calls it as its sentence entry opens gets its first reading at full speed; nothing is read or saved. Idempotent: once loaded it answers at once without work. Optional: a sentence sent without it is read the same, only the first one a server reads waits for the load.",
      },
    })
    .output(syncParsed(readerReadySchema))
    .mutation(({ ctx }) => prepareReader(ctx.deps.log)),
});
