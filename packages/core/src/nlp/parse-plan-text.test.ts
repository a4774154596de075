/**
 * The reader against the corpus (corpus/*.ts): every field of every sentence, with fixed
 * clocks in several zones around DST changes, and the whole corpus again under several process
 * zones, since the answer must not depend on where the server runs (chrono-node reads dates on
 * the process clock).
 */
import { describeInProcessZones } from "@circleplan/shared/testing/process-zones";
import { beforeAll, describe, expect, it } from "vitest";
import { type CorpusCase, expectedPlan, FAMILY, instantOf } from "./corpus/corpus-case";
import { DATES_AND_TIMES } from "./corpus/dates-and-times";
import { EVERYDAY } from "./corpus/everyday";
import { FAMILY_TALK } from "./corpus/family-talk";
import { OTHER_ZONES } from "./corpus/other-zones";
import { REMINDERS_AND_PLACES } from "./corpus/reminders-and-places";
import { REPEATS } from "./corpus/repeats";
import { TYPES_AND_PEOPLE } from "./corpus/types-and-people";
import { type LanguageLibraries, loadLanguageLibraries } from "./language-libraries";
import { basicPlan, parsePlanText, readPlan } from "./parse-plan-text";

const CORPUS: CorpusCase[] = [
  ...TYPES_AND_PEOPLE,
  ...REMINDERS_AND_PLACES,
  ...DATES_AND_TIMES,
  ...REPEATS,
  ...OTHER_ZONES,
  ...EVERYDAY,
  ...FAMILY_TALK,
];

let libraries: LanguageLibraries;
beforeAll(async () => {
  libraries = await loadLanguageLibraries();
});

function read({ text, scene }: CorpusCase) {
  return readPlan(
    text,
    { timeZone: scene.zone, now: instantOf(scene.now, scene.zone), members: FAMILY },
    libraries,
  );
}

it("has at least 150 sentences", () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(150);
  expect(new Set(CORPUS.map((c) => `${c.scene.zone} ${c.scene.now} ${c.text}`)).size).toBe(
    CORPUS.length,
  );
});

describeInProcessZones("the sentence corpus", () => {
  it.each(CORPUS.map((c) => [`${c.text} (${c.scene.zone} ${c.scene.now})`, c] as const))(
    "%s",
    (_, sentence) => {
      expect(read(sentence)).toEqual(expectedPlan(sentence));
    },
  );
});

describe("parsePlanText", () => {
  it("loads the libraries itself and reads the sentence", async () => {
    const plan = await parsePlanText("dentist tomorrow at 3", {
      timeZone: "Europe/Berlin",
      now: new Date("2026-06-10T08:00:00Z"),
      members: [],
    });
    expect(plan.title).toBe("Dentist");
    expect(plan.startTime).toEqual(new Date("2026-06-11T13:00:00Z"));
  });

  it("answers the same plan for the same sentence, zone and time", async () => {
    const context = {
      timeZone: "Asia/Kolkata",
      now: new Date("2026-02-01T05:00:00Z"),
      members: FAMILY,
    };
    const text =
      "Emma's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before";
    expect(await parsePlanText(text, context)).toEqual(await parsePlanText(text, context));
  });

  it("reads one circle's sentence the same whatever names other circles' sentences taught it (interleaved)", async () => {
    const now = new Date("2026-02-02T09:00:00Z");
    const shop = { text: "Drive to Target tomorrow at 5pm", timeZone: "UTC", members: FAMILY };
    // A name no member has, after "for": the reader asks compromise whether it is a person.
    const quillons = {
      text: "Soccer practice for Noah tomorrow",
      timeZone: "Europe/Berlin",
      members: [{ userId: 99, firstName: "Target", lastName: "Quillon" }],
    };
    const read = ({ text, timeZone, members }: typeof shop) =>
      parsePlanText(text, { timeZone, now, members });

    const alone = await read(shop);
    expect(alone).toMatchObject({ title: "Drive to Target", assignee: null, assignedTo: null });
    const answers = await Promise.all([read(quillons), read(shop), read(quillons), read(shop)]);
    expect(answers[1]).toEqual(alone);
    expect(answers[3]).toEqual(alone);
    expect(await read(shop)).toEqual(alone);
    expect(answers[0]).toEqual(answers[2]);
  });

  it("never throws on odd text", async () => {
    const context = { timeZone: "UTC", now: new Date("2026-02-01T05:00:00Z"), members: FAMILY };
    for (const text of [
      "...",
      "at at at",
      "every every",
      "remind me",
      "1234567",
      "🎉🎂",
      "the 99th",
      "a".repeat(2000),
    ]) {
      const plan = await parsePlanText(text, context);
      expect(plan.title.length).toBeGreaterThan(0);
      expect(plan.title.length).toBeLessThanOrEqual(50);
    }
  });
});

describe("basicPlan", () => {
  it("is the spec's fallback: the sentence as the title, an event, now to the half hour, default reminders", () => {
    const plan = basicPlan(
      "  dentist appointment for the whole family next tuesday at the new clinic  ",
      {
        timeZone: "America/New_York",
        now: new Date("2026-03-04T15:17:00Z"),
        members: FAMILY,
      },
    );
    expect(plan).toMatchObject({
      title: "Dentist appointment for the whole family next t...",
      type: "event",
      startTime: new Date("2026-03-04T15:30:00Z"),
      reminderTimes: ["2 hours before", "24 hours before"],
      isRecurring: false,
      assignedTo: null,
    });
  });
});
