/**
 * Assignee phrases (plans spec section 5): "assign(ed) (this) to", "for" or "to" followed by a
 * one- or two-word name, plus "Mike is responsible for". The name is matched to the circle's
 * members by first or full name whatever its case (voice transcripts are lowercase); a name
 * that is no member counts only when it was said with a capital letter, and after a bare
 * "for"/"to" only when compromise takes it for a person ("to Target" is a shop). "me", "us",
 * pronouns and family roles ("for mom") are never an assignee.
 *
 * The answer's `assignee` is the member's name as the circle spells it (first name, or full
 * name when that was said), else the name as said; a first name two members share is heard
 * but matches nobody.
 */
import type { MemberName } from "./parse-plan-text";
import type { ProperNouns } from "./proper-nouns";
import type { Sentence } from "./sentence";
import { KINSHIP, NOT_A_NAME, PRONOUNS } from "./words";

export interface Assignee {
  name: string;
  userId: number | null;
}

const WORD = String.raw`([a-z][a-z'\-]*)`;
const NAME = `${WORD}(?: ${WORD})?`;
const ASSIGN = new RegExp(
  String.raw`\b(?:and )?(?:please )?assign(?:ed)?(?: (?:it|this|that|this one|the task|this task|the job|this job))? to:? ${NAME}`,
  "g",
);
const ASSIGN_NAME_TO = new RegExp(
  String.raw`\b(?:and )?(?:please )?assign(?:ed)? ${NAME} to\b`,
  "g",
);
const RESPONSIBLE =
  /\b(?:(?:make|put|have|let) ([a-z][a-z-]*)(?: be)?|([a-z][a-z-]*)(?: is|'s| will be| are)) (?:responsible|in charge) (?:for|of)\b/g;
/** "delegate the dishes to Liam", "leave the cake to Noah": the verb hands the plan over. */
const HANDING_OVER = /^(?:\W*)(?:please )?(?:delegate|leave|hand (?:off|over)|pass)\b/;
const FOR_OR_TO = new RegExp(String.raw`\b(?:for|to) ${NAME}`, "g");

interface Candidate {
  first: string;
  firstAt: number;
  second: string | undefined;
  secondAt: number;
}

export function readAssignee(
  sentence: Sentence,
  members: readonly MemberName[],
  properNouns: ProperNouns,
): Assignee | null {
  const heard = (candidate: Candidate, strict: boolean) =>
    hearName(sentence, members, properNouns, candidate, strict);

  for (const match of sentence.text.matchAll(ASSIGN)) {
    // An assignment was said: whoever it names, the phrase is not part of the title.
    const candidate = candidateOf(match, 1);
    if (/^(?:the|a|an|my|our|your|his|her|their)$/.test(candidate.first)) continue;
    const found = heard(candidate, false);
    sentence.take(
      match.index,
      found ? withOthersNamed(found.end) : candidate.firstAt + candidate.first.length,
    );
    return found?.assignee ?? null;
  }
  for (const match of sentence.text.matchAll(ASSIGN_NAME_TO)) {
    const found = heard(candidateOf(match, 1), false);
    if (found && sentence.text.slice(found.end).startsWith(" to")) {
      sentence.take(match.index, found.end + " to".length);
      return found.assignee;
    }
  }
  for (const match of sentence.text.matchAll(RESPONSIBLE)) {
    const name = match[1] ?? match[2] ?? "";
    const found = heard(
      {
        first: name,
        firstAt: match.index + (match[1] ? match[0].indexOf(` ${name} `) + 1 : 0),
        second: undefined,
        secondAt: -1,
      },
      false,
    );
    if (found) {
      sentence.take(match.index, match.index + match[0].length);
      return found.assignee;
    }
  }
  for (const match of sentence.text.matchAll(FOR_OR_TO)) {
    const found = heard(candidateOf(match, 1), true);
    if (found) {
      sentence.take(match.index, withOthersNamed(found.end));
      const handing = HANDING_OVER.exec(sentence.text);
      if (handing && match[0].startsWith("to")) {
        sentence.take(handing.index, handing.index + handing[0].length);
      }
      return found.assignee;
    }
  }
  return null;

  /** "for Liam and Emma": the first is the assignee; the others leave the title with them. */
  function withOthersNamed(end: number): number {
    const more = /^ and ([a-z][a-z'-]*)(?: ([a-z][a-z'-]*))?/.exec(sentence.text.slice(end));
    if (!more) return end;
    const firstAt = end + " and ".length;
    const other = heard(
      {
        first: more[1] ?? "",
        firstAt,
        second: more[2],
        secondAt: more[2] ? firstAt + (more[1]?.length ?? 0) + 1 : -1,
      },
      true,
    );
    return other ? withOthersNamed(other.end) : end;
  }
}

function candidateOf(match: RegExpExecArray | RegExpMatchArray, group: number): Candidate {
  const index = match.index ?? 0;
  const first = match[group] ?? "";
  const second = match[group + 1];
  const firstAt = index + match[0].lastIndexOf(second ? `${first} ${second}` : first);
  return { first, firstAt, second, secondAt: second ? firstAt + first.length + 1 : -1 };
}

function hearName(
  sentence: Sentence,
  members: readonly MemberName[],
  properNouns: ProperNouns,
  { first, firstAt, second, secondAt }: Candidate,
  strict: boolean,
): { assignee: Assignee; end: number } | null {
  if (/'s?$/.test(first) || PRONOUNS.has(first) || KINSHIP.has(first)) return null;
  const possessiveSecond = second !== undefined && /'s?$/.test(second);
  if (second && !possessiveSecond) {
    const full = members.find(
      (m) => `${m.firstName} ${m.lastName}`.toLowerCase() === `${first} ${second}`,
    );
    if (full) {
      return {
        assignee: { name: `${full.firstName} ${full.lastName}`, userId: full.userId },
        end: secondAt + second.length,
      };
    }
  }
  const byFirstName = members.filter((m) => m.firstName.toLowerCase() === first);
  if (possessiveSecond && byFirstName.length === 0) return null;
  if (byFirstName.length === 1) {
    const member = byFirstName[0] as MemberName;
    return {
      assignee: { name: member.firstName, userId: member.userId },
      end: firstAt + first.length,
    };
  }
  if (!sentence.capitalisedAt(firstAt) || NOT_A_NAME.has(first)) return null;
  const [from] = sentence.originalRange(firstAt, firstAt + first.length);
  if (strict && byFirstName.length === 0 && !properNouns.isPerson(from)) return null;
  const withSecond =
    second !== undefined &&
    !possessiveSecond &&
    sentence.capitalisedAt(secondAt) &&
    !NOT_A_NAME.has(second) &&
    !PRONOUNS.has(second);
  const end = withSecond ? secondAt + (second as string).length : firstAt + first.length;
  return { assignee: { name: sentence.said(firstAt, end), userId: null }, end };
}
