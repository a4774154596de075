/**
 * What compromise knows about the capitalised words of a sentence: which are people and which
 * are places or organisations. It is fed the circle's own names first (untold, it takes
 * "Luigi's" and even "lesson" for people), and asked only when a rule needs it, so most
 * sentences (and every lowercase voice transcript) never pay for it.
 */
import type { LanguageLibraries } from "./language-libraries";
import type { MemberName } from "./parse-plan-text";
import { KINSHIP, NOT_A_NAME } from "./words";

interface TaggedTerm {
  start: number;
  end: number;
  tags: Set<string>;
  /** The first word of its sentence: capitalised whatever it is. */
  opening: boolean;
}

export class ProperNouns {
  private terms: TaggedTerm[] | undefined;

  constructor(
    private readonly nlp: LanguageLibraries["nlp"],
    private readonly text: string,
    private readonly members: readonly MemberName[],
  ) {}

  /** Whether the word starting at `offset` of the sentence as said is a person. */
  isPerson(offset: number): boolean {
    const term = this.tagged().find((t) => t.start <= offset && offset < t.end);
    return !!term && term.tags.has("Person") && !isPlace(term);
  }

  /**
   * Capitalised proper nouns that are no person (places, organisations, shops), as [start, end)
   * ranges of the sentence as said. A sentence's first word counts only as a known place.
   */
  places(): [number, number][] {
    // In a sentence typed All Caps Or Title Case, capitals say nothing.
    const words = this.text.match(/\p{L}+/gu) ?? [];
    const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
    if (!/\p{Ll}/u.test(this.text) || capitalised * 2 > words.length) return [];
    const spans: [number, number][] = [];
    for (const term of this.tagged()) {
      const word = this.text.slice(term.start, term.end).replace(/'s$/i, "");
      // A sentence's first word is capitalised anyway: only a name compromise knows counts
      // ("Costco run", not "Book club").
      const properNoun = term.opening
        ? isPlace(term) && this.nlp(word.toLowerCase()).has("(#Place|#Organization)")
        : isPlace(term) || term.tags.has("ProperNoun") || term.tags.has("Noun");
      if (!properNoun || term.tags.has("Person") || !/^\p{Lu}/u.test(word)) continue;
      const lower = word.toLowerCase();
      if (NOT_A_NAME.has(lower) || NOT_A_NAME.has(lower.replace(/s$/, "")) || KINSHIP.has(lower)) {
        continue;
      }
      const last = spans.at(-1);
      if (last && /^\s*$/.test(this.text.slice(last[1], term.start))) last[1] = term.end;
      else spans.push([term.start, term.end]);
    }
    return spans;
  }

  private tagged(): TaggedTerm[] {
    if (this.terms) return this.terms;
    const lexicon: Record<string, string> = {};
    for (const member of this.members) {
      lexicon[member.firstName.toLowerCase()] = "Person";
      lexicon[`${member.firstName} ${member.lastName}`.toLowerCase()] = "Person";
    }
    const sentences = this.nlp(this.text, lexicon).json({ offset: true }) as {
      terms: { tags: string[]; offset: { start: number; length: number } }[];
    }[];
    this.terms = sentences.flatMap((sentence) =>
      sentence.terms.map((term, index) => ({
        start: term.offset.start,
        end: term.offset.start + term.offset.length,
        tags: new Set(term.tags),
        opening: index === 0,
      })),
    );
    return this.terms;
  }
}

function isPlace(term: TaggedTerm): boolean {
  return term.tags.has("Place") || term.tags.has("Organization");
}
