/**
 * An event's texts cut to the plan's fields (docs/decisions/027, "Texts"): control characters
 * and broken UTF-16 removed (the API refuses them, and Postgres refuses NUL), a title and a
 * place on one line, a description's line breaks kept; each cut to its limit, and the cut
 * reported in the preview rather than the event refused.
 */
import {
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_LOCATION_MAX_LENGTH,
  PLAN_TITLE_MAX_LENGTH,
} from "@circleplan/shared/limits";
import { cleanLines } from "@circleplan/shared/text-characters";

/** What an event without a SUMMARY is called. */
export const UNTITLED = "Untitled event";

/** Cut to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

const oneLine = (text: string) => cleanLines(text).replace(/\s+/g, " ").trim();

/** Characters a UID keeps, as many as the column is read by (a UID names, it is not shown). */
const UID_MAX_LENGTH = 500;

/**
 * An event's UID as it is stored: without control characters (Postgres refuses NUL), line
 * breaks or broken UTF-16, cut to 500 characters; empty when nothing is left.
 */
export function cleanUid(raw: string): string {
  return cut(
    cleanLines(raw)
      .replace(/[\t\n]/g, "")
      .trim(),
    UID_MAX_LENGTH,
  );
}

export interface CleanTexts {
  title: string;
  description: string | null;
  location: string | null;
  /** Which texts were cut to their limit ("title", "description", "place"). */
  cut: string[];
}

export function cleanTexts(raw: {
  title: unknown;
  description: unknown;
  location: unknown;
}): CleanTexts {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const title = oneLine(text(raw.title)) || UNTITLED;
  const description = cleanLines(text(raw.description)).trim();
  const location = oneLine(text(raw.location));
  const cuts: string[] = [];
  const bounded = (value: string, max: number, name: string) => {
    if (value.length > max) cuts.push(name);
    return cut(value, max);
  };
  return {
    title: bounded(title, PLAN_TITLE_MAX_LENGTH, "title"),
    description: description
      ? bounded(description, PLAN_DESCRIPTION_MAX_LENGTH, "description")
      : null,
    location: location ? bounded(location, PLAN_LOCATION_MAX_LENGTH, "place") : null,
    cut: cuts,
  };
}
