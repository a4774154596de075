/**
 * `POST /api/nlp/process-voice`: reads a typed or spoken sentence into a filled plan form for
 * one of the caller's circles. The circle check is the usual one (a non-member learns nothing:
 * 404); the circle's members are what an assignee phrase is matched against; the sentence is
 * read in the zone sent, else the caller's own, and from the day it was typed from, else today.
 */
import { circleMembers, users } from "@circleplan/db/schema";
import { dayIn, instantAt, timeIn } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";
import type { ProcessVoiceInput } from "@circleplan/shared/nlp-schemas";
import { eq } from "drizzle-orm";
import { viewerZoneOf } from "../auth/viewer-zone";
import { circleAccess } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { basicPlan, parsePlanText } from "./parse-plan-text";

export async function processVoice({
  deps,
  caller,
  input,
}: Call<ProcessVoiceInput, SignedInCaller>): Promise<VoiceResult> {
  await circleAccess(deps.db, caller.userId, { circleId: input.circleId });
  const [timeZone, members] = await Promise.all([
    input.userTimezone ?? viewerZoneOf(deps.db, caller),
    deps.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.userId))
      .where(eq(circleMembers.circleId, input.circleId)),
  ]);
  const now = deps.clock.now();
  const context = { timeZone, now: readFrom(now, input.referenceDay, timeZone), members };
  try {
    const parsed = await parsePlanText(input.text, context);
    return { ...parsed, ...answered(input.text, timeZone), message: messages.eventParsed };
  } catch (error) {
    // A sentence the reader cannot take gets the spec's basic reading, never a 500; the
    // sentence is the user's own words and stays out of the log.
    deps.log.error("nlp.read_failed", error, { length: input.text.length });
    return {
      ...basicPlan(input.text, context),
      ...answered(input.text, timeZone),
      fallbackProcessing: true,
      message: messages.voiceBasicReading,
    };
  }
}

/**
 * The moment a sentence is read from: now, or, typed from a chosen day, that day at this time
 * of day, so "at 11am" falls on it and a sentence without a time gets the hour it would today.
 */
function readFrom(now: Date, referenceDay: string | null | undefined, zone: string): Date {
  if (!referenceDay || referenceDay === dayIn(now, zone)) return now;
  return instantAt(referenceDay, timeIn(now, zone), zone);
}

function answered(text: string, timeZone: string) {
  return { voiceNote: text, timeZone, apiLimitReached: false, fallbackProcessing: false };
}
