/**
 * The item type of plans spec section 5, read from the lowercased sentence and from nothing
 * else: a task word wins, then a to-do word, else an event. Whole words only ("forget" holds
 * "get", a "budget" is not a purchase); "get-together" is a party, not an errand.
 */
import type { PlanType } from "@circleplan/shared/limits";

const TASK_WORDS = /\b(?:tasks?|assign(?:s|ed|ing|ments?)?|responsible)\b/;
const TODO_WORDS =
  /\b(?:to-?dos?|to do|check ?lists?|buy(?:s|ing)?|get(?!-together)(?:s|ting)?|purchase(?:s|d|ing)?)\b/;

export function itemTypeOf(text: string): PlanType {
  const lower = text.toLowerCase();
  if (TASK_WORDS.test(lower)) return "task";
  if (TODO_WORDS.test(lower)) return "todo";
  return "event";
}
