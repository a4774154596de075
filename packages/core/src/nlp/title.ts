/**
 * The title (plans spec section 5): the sentence as said with its date, time, repeat, place,
 * assignee and reminder phrases taken out, and the filler that only told us what to do with
 * it ("remind me to", "add a task", "I need to", "please"), tidied: no dangling "on" or comma,
 * first letter capitalised, at most 50 characters (47 and "..."). When nothing is left, the
 * place goes back in ("At the dentist"), and failing that the whole sentence is the title.
 */
import { voiceTitle } from "@circleplan/shared/plan-rules";
import type { Sentence } from "./sentence";

const LEADING_FILLER: RegExp[] = [
  /^(?:hey|hi|ok|okay|so|um|uh|alright|and|also|then|plus|oh)\b[,]?\s*/i,
  /^please\b\s*/i,
  /^(?:can|could|would|will) you(?: please)?\b\s*/i,
  /^(?:please )?(?:add|create|make|put|enter|log|set|new)(?: (?:a|an|the|my|our|new|in))* (?:event|task|to-?do|to do|reminder|item|entry|calendar entry|appointment|plan)s?\b(?: (?:for|to|called|named|titled|about|that says|saying|of))?[:,-]?\s*/i,
  // Not "set up an hour before the party": there "set up" is the plan.
  /^(?:please )?(?:schedule|set up|book in)(?! (?:an?|\d+) (?:min|hour|hr|day|week))(?: (?:a|an|the|my|our))?\b\s*/i,
  /^(?:i|we) (?:need|have|want|got|must|should|ought) to\b\s*/i,
  /^(?:i|we)(?:'ve| have)? got to\b\s*/i,
  /^(?:gotta|need to|have to|got to|must)\b\s*/i,
  /^(?:don'?t|do not) forget(?: to| about)?\b\s*/i,
  /^remember(?: to)?\b\s*/i,
  /^remind(?: (?:me|us|everyone|everybody))?(?: (?:to|about|that))?\b\s*/i,
  /^reminders?(?: (?:to|about|for|that))?\b[:,-]?\s*/i,
  /^(?:task|to-?do|to do)(?: list)?\b[:,-]?\s*/i,
  /^(?:event|reminder|note|chores?|jobs?|errands?)\s*[:–—-]\s*/i,
  /^(?:i|we) (?:have|had|got)(?: (?:a|an))?\b\s*/i,
  /^(?:i|we)'ve got(?: (?:a|an))?\b\s*/i,
  /^there(?:'s| is)(?: (?:a|an))?\b\s*/i,
  /^(?:i|we)(?:'re| are) having(?: (?:a|an))?\b\s*/i,
  /^(?:i|we)(?:'m| am|'re| are)\b\s*/i,
  /^assign(?:ed)?\b\s*(?=\S)/i,
];
/** "add soccer practice to the calendar": the request around the plan. */
const CALENDAR_REQUEST =
  /^(?:please )?(?:add|put|enter|schedule|write) (.+?) (?:to|on|in|into)(?: the| my| our)? (?:calendar|schedule|agenda|planner)$/i;
const TRAILING_FILLER: RegExp[] = [
  /\s*\b(?:i think|i guess|maybe|if possible)$/i,
  /\s*\b(?:on|to|in|into)(?: (?:the|my|our))? (?:calendar|schedule|agenda|list)$/i,
  /\s*\b(?:please|thanks|thank you)$/i,
  /\s*\bfor (?:me|us)$/i,
  /\s*\bremind (?:me|us)$/i,
];
const EDGE_LEADING =
  /^(?:[,.;:!?\-–—]+|(?:and|then|also|plus|or|but|so|on|at|by|from|until|till|starting|every|each|to(?=\s))\b)\s*/i;
const EDGE_TRAILING =
  /\s*(?:[,;:\-–—]+|\b(?:and|or|but|so|then|also|to|on|at|in|for|by|from|with|of|the|a|an|every|each|this|next|starting|beginning|until|till|around|about|is|are|will|be|that|which|and then|it)\b)$/i;

export function titleOf(sentence: Sentence, place: [number, number] | null): string {
  let title = tidy(sentence.rest());
  if (!title && place) title = tidy(sentence.rest([place]));
  return voiceTitle(title || sentence.original);
}

function tidy(text: string): string {
  let title = text
    .replace(/\(\s*\)|\[\s*\]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/(?:\s*[–—-]\s*){2,}/g, " - ")
    .trim();
  for (let changed = true; changed; ) {
    const before = title;
    title = title.replace(CALENDAR_REQUEST, "$1");
    for (const pattern of LEADING_FILLER) title = title.replace(pattern, "");
    for (const pattern of TRAILING_FILLER) title = title.replace(pattern, "");
    title = title
      .replace(EDGE_LEADING, "")
      .replace(EDGE_TRAILING, "")
      .replace(/[.!?]+$/, "")
      .trim();
    changed = title !== before;
  }
  return title.replace(/\s+([,.;:!?])/g, "$1");
}
