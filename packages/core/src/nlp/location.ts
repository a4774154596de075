/**
 * Location phrases in the order of plans spec section 5: explicit phrases ("location is", "venue
 * is", "this is at", "will take place at"), then the prepositions at, in, going to (meet at and
 * held at are "at"), then a kind of place after to/from ("pick up Emma from school"), then a
 * capitalised place or organisation compromise knows ("Drive to Boston"). Candidates that are
 * only a time or a date (those were read already), pronouns, or two characters or shorter are
 * skipped. The location is the words as said ("at the music school" → "the music school"); the
 * first two kinds leave the title, the last two are part of what the plan is and stay in it.
 */
import type { ProperNouns } from "./proper-nouns";
import type { Sentence } from "./sentence";
import { MONTH_WORD, PLACE_WORD, PRONOUNS, WEEKDAY_WORD } from "./words";

export interface Place {
  location: string;
  /** The working-text range taken from the title, if any. */
  taken: [number, number] | null;
}

const EXPLICIT =
  /\b(?:(?:the )?(?:location|venue|place|address) is|(?:this|it) is at|it's at|its at|(?:will|is going to) (?:take place|be held|be) (?:at|in)|takes place (?:at|in)|located at)\s+/g;
/** "meet at" is "at": the meeting is the plan; "held at" is only how the place is said. */
const AT = /\b(?:held at|at)\s+/g;
const IN = /\bin\s+/g;
const GOING_TO = /\b(?:going|go|headed|heading) to\s+/g;
const PLACE_AFTER = new RegExp(
  String.raw`\b(?:to|from|near|by|outside|inside|into|at)\s+((?:(?:the|a|an|my|our|your|his|her|their|[a-z]+'s?)\s+)?(?:[a-z]+\s+)?(?:${PLACE_WORD})s?)\b(?! (?:appointment|visit|check-?up|party|game|lesson|practice|class|meeting|trip|run|day|night|play|concert|fair|event)s?\b)`,
  "g",
);

/** A part of the sentence after a comma, up to the next comma, a taken phrase or the end. */
const COMMA_PART = /, ?([\p{L}\p{N}][\p{L}\p{N}' .&-]*?[\p{L}\p{N}])(?= ?(?:,|\||$))/gu;
const PLACE_AT_END = new RegExp(String.raw`\b(?:${PLACE_WORD}|house|home|place)s?$`);
const WITH_BEFORE = /\b(?:with|and|for)\s+(?:the\s+)?$/i;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'&.-]*/uy;
/** Words that end a place: what follows is another part of the sentence. */
const STOP = new Set([
  "with",
  "for",
  "to",
  "on",
  "at",
  "and",
  "but",
  "or",
  "so",
  "then",
  "because",
  "from",
  "by",
  "until",
  "till",
  "before",
  "after",
  "about",
  "while",
  "when",
  "if",
  "in",
  "remind",
  "reminder",
  "assign",
  "assigned",
  "please",
  "every",
  "each",
  "this",
  "next",
  "tomorrow",
  "today",
  "tonight",
  "starting",
  "which",
  "who",
  "where",
  "that",
  "we",
  "i",
  "he",
  "she",
  "they",
  "it's",
  "is",
  "are",
  "will",
]);
const ABBREVIATION = /^(?:st|dr|mt|ave|rd|ln|blvd|mr|mrs|ms|jr|sr)\.$/;
const TRAILING = new Set(["the", "a", "an", "of", "my", "our", "and", "or", "on", "in"]);
/** "at least", "in time", "in the morning", "at it": not places. */
const NOT_A_PLACE =
  /^(?:least|all|once|first|last|times?|risk|advance|person|charge|total|case|order|general|between|about|around|front|mind|stake|ease|fact|addition|short|it|it's|its|them|me|us|you|him|this|that|these|those|everyone|everybody|a (?:minute|moment|bit|while|hurry|row|sec(?:ond)?)|the (?:morning|afternoon|evening|night|meantime|end|moment|latest|earliest|same time)|(?:breakfast|lunch|dinner|supper|night|noon|midnight|dawn|dusk))(?:\s|$)/;
/** A candidate that is only a time or a date was read as one already (or was not one). */
const ONLY_A_TIME = new RegExp(
  String.raw`^(?:(?:${WEEKDAY_WORD}|${MONTH_WORD})s?|\d{1,2}(?::\d{2})?(?: ?[ap]m)?|\d{1,2}(?:st|nd|rd|th)|\d+(?:\.\d+)? (?:minutes?|hours?|days?|weeks?|months?|years?)|(?:the )?weekend)$`,
);

export function readLocation(sentence: Sentence, properNouns: ProperNouns): Place | null {
  for (const pattern of [EXPLICIT, AT, IN, GOING_TO]) {
    pattern.lastIndex = 0;
    for (const match of sentence.text.matchAll(pattern)) {
      const from = match.index + match[0].length;
      const end = phraseEnd(sentence, from);
      if (end === null) continue;
      const words = sentence.text.slice(from, end);
      if (!acceptable(words)) continue;
      const location = sentence.said(from, end).replace(/[.,;:!?]+$/, "");
      // "going to the zoo" is what the plan is: the place stays in the title.
      if (pattern === GOING_TO) {
        if (goesSomewhere(sentence, from, words)) return { location, taken: null };
        continue;
      }
      sentence.take(match.index, end);
      return { location, taken: [match.index, end] };
    }
  }
  const between = betweenCommas(sentence, properNouns);
  if (between) return between;
  PLACE_AFTER.lastIndex = 0;
  for (const match of sentence.text.matchAll(PLACE_AFTER)) {
    const words = match[1] ?? "";
    const from = match.index + match[0].length - words.length;
    return { location: sentence.said(from, from + words.length), taken: null };
  }
  if (/[A-Z]/.test(sentence.original)) {
    for (const [start, end] of properNouns.places()) {
      // "dinner with the Johnsons", "vet for Max": who it is with or for, not where.
      const before = sentence.original.slice(0, start);
      if (!sentence.isFreeSaid(start, end) || WITH_BEFORE.test(before)) continue;
      // "Groceries: milk, bread, Oreos": an item of a list, not where.
      if (/,\s*$/.test(before) && wordedParts(before) >= 2) continue;
      const said = sentence.original.slice(start, end).replace(/[.,;:!?]+$/, "");
      if (/^\p{Lu}/u.test(said) && said.length > 2) return { location: said, taken: null };
    }
  }
  return null;
}

/**
 * "swim meet, Lakeside Aquatic Center, Saturday 9am": a place set off by commas, once the date
 * and time have been read. A part after the first comma, the last thing said but the date and
 * time (so not an item of a list: "milk, Oreos, bread"), that names a place: words said with
 * capitals that are no person (in a sentence whose capitals mean names), or ending in a kind of
 * place ("westfield park"). The commas stand for "at": it leaves the title.
 */
function betweenCommas(sentence: Sentence, properNouns: ProperNouns): Place | null {
  COMMA_PART.lastIndex = 0;
  for (const match of sentence.text.matchAll(COMMA_PART)) {
    const words = match[1] ?? "";
    const from = match.index + match[0].indexOf(words);
    const end = from + words.length;
    const last = /^[\s|,.;:!?]*$/.test(sentence.text.slice(end));
    if (!last || !acceptable(words) || STOP.has(words.split(" ")[0] ?? "")) continue;
    // Every word capitalised, or a number ("12 Oak Street").
    let at = from;
    const capitalised = words.split(" ").every((word) => {
      const ok = /^\d/.test(word) || sentence.capitalisedAt(at);
      at += word.length + 1;
      return ok;
    });
    const [said] = sentence.originalRange(from, end);
    const named = capitalised && properNouns.capitalsSayNames() && !properNouns.isPerson(said);
    // After two or more parts ("Groceries: milk, bread, Oreos"), capitals are a list's last
    // item, not a place: only a kind of place is ("…, dentist, Westfield Mall").
    const inList = wordedParts(sentence.text.slice(0, match.index)) >= 2;
    if ((inList || !named) && !PLACE_AT_END.test(words)) continue;
    sentence.take(match.index, end);
    return { location: sentence.said(from, end), taken: [match.index, end] };
  }
  return null;
}

/** The parts with words in them that commas or a colon separate (taken phrases are none). */
function wordedParts(text: string): number {
  return text.split(/[,:]/).filter((part) => /[\p{L}\d]/u.test(part.replace(/\|/g, ""))).length;
}

/** Where the place starting at `from` ends: before a stop word, a taken phrase or punctuation. */
function phraseEnd(sentence: Sentence, from: number): number | null {
  const text = sentence.text;
  const ends: number[] = [];
  let at = from;
  for (let count = 0; count < 8; count++) {
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    if (!word) break;
    let value = word[0];
    let end = at + value.length;
    const sentenceEnd =
      /[.]$/.test(value) && !ABBREVIATION.test(value) && (end === text.length || text[end] === " ");
    if (sentenceEnd) {
      value = value.replace(/\.+$/, "");
      end -= word[0].length - value.length;
    }
    // "at Starbucks on Main Street": a date after "on" or "in" was read already.
    const next = text.slice(end + 1);
    const continues =
      count > 0 &&
      (((value === "on" || value === "in") &&
        !NOT_A_PLACE.test(next) &&
        /^[\p{L}\p{N}]/u.test(next)) ||
        // "mom and dad's house"
        (value === "and" && /^[\p{L}]+'s?\b/u.test(next)));
    if (STOP.has(value) && !continues) break;
    ends.push(end);
    if (sentenceEnd || text[end] !== " " || !/[\p{L}\p{N}]/u.test(text[end + 1] ?? "")) break;
    at = end + 1;
  }
  while (ends.length > 0) {
    const last = ends.at(-1) as number;
    const lastWord = /[^\s]+$/.exec(text.slice(from, last))?.[0] ?? "";
    if (!TRAILING.has(lastWord)) break;
    ends.pop();
  }
  return ends.length > 0 ? (ends.at(-1) as number) : null;
}

function acceptable(words: string): boolean {
  if (words.replace(/\s/g, "").length <= 2) return false;
  if (PRONOUNS.has(words) || ONLY_A_TIME.test(words)) return false;
  return !NOT_A_PLACE.test(words);
}

/** "going to the zoo", "going to Grandma's", "going to church"; not "going to watch a movie". */
function goesSomewhere(sentence: Sentence, from: number, words: string): boolean {
  const first = words.split(" ")[0] ?? "";
  return (
    /^(?:the|a|an|my|our|your|his|her|their)$/.test(first) ||
    /'s?$/.test(first) ||
    new RegExp(`^(?:${PLACE_WORD})s?$`).test(first) ||
    sentence.capitalisedAt(from)
  );
}
