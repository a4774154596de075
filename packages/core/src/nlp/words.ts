/** Word lists more than one rule of the reader needs. */
import type { Weekday } from "@circleplan/shared/limits";

/** Weekday names and the short forms people type, as a pattern group and a lookup. */
export const WEEKDAY_WORD =
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|weds|wed|thurs|thur|thu|fri|sat|sun";

export function weekdayOfWord(word: string): Weekday | null {
  const key = word.toLowerCase().replace(/s$/, "");
  const found = (
    [
      ["mon", "monday"],
      ["tue", "tuesday"],
      ["wed", "wednesday"],
      ["thu", "thursday"],
      ["fri", "friday"],
      ["sat", "saturday"],
      ["sun", "sunday"],
    ] as const
  ).find(([prefix]) => key.startsWith(prefix));
  return found ? found[1] : null;
}

export const MONTH_WORD =
  "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec";

/** Words that are never a person to assign a plan to. */
export const PRONOUNS = new Set([
  "i",
  "me",
  "myself",
  "us",
  "we",
  "ourselves",
  "you",
  "yourself",
  "him",
  "her",
  "them",
  "it",
  "this",
  "that",
  "these",
  "those",
  "everyone",
  "everybody",
  "someone",
  "somebody",
  "anyone",
  "anybody",
  "all",
  "both",
  "each",
  "whoever",
]);

/** Family words people capitalise but that name a role, not one member of the circle. */
export const KINSHIP = new Set([
  "mom",
  "mum",
  "mommy",
  "mummy",
  "mother",
  "dad",
  "daddy",
  "father",
  "grandma",
  "granny",
  "grandpa",
  "grandad",
  "granddad",
  "grandmother",
  "grandfather",
  "nana",
  "nan",
  "papa",
  "aunt",
  "auntie",
  "uncle",
  "cousin",
  "kids",
  "baby",
  "family",
  "parents",
  "grandparents",
]);

/** Capitalised words that are days, months, holidays or greetings, not names. */
export const NOT_A_NAME = new Set([
  ...MONTH_WORD.split("|"),
  ...WEEKDAY_WORD.split("|"),
  "today",
  "tomorrow",
  "tonight",
  "christmas",
  "easter",
  "halloween",
  "thanksgiving",
  "hanukkah",
  "diwali",
  "eid",
  "new",
  "noon",
  "midnight",
  "the",
  "a",
  "an",
  "my",
  "our",
  "your",
  "his",
  "their",
  "dinner",
  "lunch",
  "breakfast",
  "school",
  "work",
  "church",
  "home",
]);

/** Kinds of place that make a phrase a location (plans spec: "restaurant or hospital"). */
export const PLACE_WORD =
  "restaurant|hospital|school|park|library|gym|church|temple|mosque|synagogue|office|mall|store|shop|supermarket|museum|zoo|beach|stadium|arena|theater|theatre|cinema|pool|clinic|pharmacy|bank|salon|airport|station|cafe|café|bakery|market|daycare|nursery|kindergarten|preschool|playground|hotel|studio|center|centre|field|court|rink|club|bar|pub|diner|garage|vet|dentist's|doctor's";
