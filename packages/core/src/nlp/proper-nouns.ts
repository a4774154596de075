/**
 * What compromise knows about the capitalised words of a sentence: which are people and which
 * are places or organisations. The circle's own names are tagged as people first (untold, it
 * takes "Luigi's" and even "lesson" for people), in this sentence's document only: compromise's
 * lexicon is one per process, and a name written into it would be a person in every other
 * circle's sentences too. Asked only when a rule needs it, so most sentences (and every
 * lowercase voice transcript) never pay for it.
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
    if (!this.capitalsSayNames()) return [];
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

  /** In a sentence typed All Caps Or Title Case, capitals say nothing. */
  capitalsSayNames(): boolean {
    const words = this.text.match(/\p{L}+/gu) ?? [];
    const capitalised = words.filter((word) => /^\p{Lu}/u.test(word)).length;
    return /\p{Ll}/u.test(this.text) && capitalised * 2 <= words.length;
  }

  private tagged(): TaggedTerm[] {
    if (this.terms) return this.terms;
    const doc = this.nlp.tokenize(this.text);
    tagMembers(doc, this.members);
    const sentences = doc.compute(TAGGING_HOOKS(this.nlp)).json({ offset: true }) as {
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

/**
 * The steps `nlp(text)` runs that `nlp.tokenize(text)` has not: tagging, from the lexicon on.
 * compromise's own lexicon step tags only words still untagged, so a member tagged before it
 * stays a person, as `nlp(text, lexicon)` would have it, without that call's `addWords`, which
 * writes the names into the one lexicon every later sentence of the process is read with.
 */
const TOKENIZE_HOOKS = new Set(["alias", "normal", "machine", "contractions"]);
const TAGGING_HOOKS = (nlp: LanguageLibraries["nlp"]) =>
  nlp.hooks().filter((hook) => !TOKENIZE_HOOKS.has(hook));

type Document = ReturnType<LanguageLibraries["nlp"]>;
/** `machine` is the word compromise's lexicon looks up ("Emma's" is "emma"); untyped. */
type Term = Document["docs"][number][number] & { machine?: string };

/**
 * Tags the circle's members as people, in this document only: each one's full name, else their
 * first name, matched word by word as compromise's lexicon matches (`machine`: "Emma's" is
 * "emma"), the longest name first.
 */
function tagMembers(doc: Document, members: readonly MemberName[]): void {
  const names = members
    .flatMap((m) => [`${m.firstName} ${m.lastName}`, m.firstName])
    .map((name) => name.toLowerCase().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .sort((a, b) => b.length - a.length);
  if (names.length === 0) return;
  const wordOf = (term: Term | undefined) => (term ? term.machine || term.normal : undefined);
  const found: [number, number, number][] = [];
  doc.docs.forEach((terms: Term[], n) => {
    for (let i = 0; i < terms.length; i++) {
      const name = names.find((words) => words.every((word, k) => wordOf(terms[i + k]) === word));
      if (!name) continue;
      found.push([n, i, i + name.length]);
      i += name.length - 1;
    }
  });
  // `update` takes a list of [sentence, start, end] pointers; its declared type says one.
  if (found.length > 0) doc.update(found as never).tag("Person");
}

function isPlace(term: TaggedTerm): boolean {
  return term.tags.has("Place") || term.tags.has("Organization");
}
