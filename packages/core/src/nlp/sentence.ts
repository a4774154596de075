/**
 * A sentence as the reader works on it: lowercased and normalised ("five thirty" → "5:30",
 * "an hour" → "1 hour") so the rules can be plain patterns, while every character still knows
 * which characters of the sentence as said it came from. A rule that recognises a phrase takes
 * it: the phrase is masked, so no later rule reads it twice, and it leaves the title, which is
 * built from what was said (never from the normalised text: "Buy two cartons" stays "two").
 */

/** What a taken or hidden character becomes in the working text: a separator to every pattern. */
export const MASK = "|";

interface Piece {
  /** Normalised text (lowercase). */
  text: string;
  /** The range of the original sentence it stands for. */
  from: number;
  to: number;
}

/** A normalisation step: a global pattern and its replacement (null keeps the match as it is). */
export interface Rewrite {
  pattern: RegExp;
  replace: (match: RegExpExecArray) => string | null;
}

export class Sentence {
  readonly original: string;
  private readonly pieces: Piece[];
  /** Piece index of every character of the working text. */
  private readonly pieceOf: Int32Array;
  private readonly taken: boolean[];
  private readonly hidden: boolean[];
  /** The working text: normalised, lowercase, taken and hidden phrases masked. */
  text = "";

  constructor(original: string, rewrites: readonly Rewrite[]) {
    this.original = original;
    // Words, runs of spaces and single signs: a rewrite or a rule never splits a word.
    let pieces: Piece[] = [];
    for (const token of original.matchAll(/[\p{L}\p{N}]+|\s+|[^\p{L}\p{N}\s]/gu)) {
      pieces.push({
        text: token[0].toLowerCase(),
        from: token.index,
        to: token.index + token[0].length,
      });
    }
    for (const rewrite of rewrites) pieces = applyRewrite(pieces, rewrite);
    this.pieces = pieces;
    this.taken = pieces.map(() => false);
    this.hidden = pieces.map(() => false);
    this.text = pieces.map((piece) => piece.text).join("");
    this.pieceOf = new Int32Array(this.text.length);
    let at = 0;
    pieces.forEach((piece, index) => {
      this.pieceOf.fill(index, at, at + piece.text.length);
      at += piece.text.length;
    });
  }

  /** Removes [start, end) of the working text from the title and from every later rule. */
  take(start: number, end: number): void {
    this.mark(start, end, this.taken);
  }

  /** Masks [start, end) for the rules that follow but keeps it in the title ("movie night"). */
  hide(start: number, end: number): void {
    this.mark(start, end, this.hidden);
  }

  /** The sentence as said behind [start, end) of the working text. */
  said(start: number, end: number): string {
    if (end <= start) return "";
    const [from, to] = this.originalRange(start, end);
    return this.original.slice(from, to);
  }

  /** The range of the sentence as said behind [start, end) of the working text. */
  originalRange(start: number, end: number): [number, number] {
    const first = this.pieces[this.pieceOf[start] ?? 0];
    const last = this.pieces[this.pieceOf[Math.max(start, end - 1)] ?? 0];
    return [first?.from ?? 0, last?.to ?? 0];
  }

  /** Whether the word at `index` of the working text was said with a capital letter. */
  capitalisedAt(index: number): boolean {
    const piece = this.pieces[this.pieceOf[index] ?? -1];
    if (!piece) return false;
    const char = this.original.charAt(piece.from);
    return char !== char.toLowerCase();
  }

  /** Whether nothing of the sentence as said in [from, to) was taken or hidden. */
  isFreeSaid(from: number, to: number): boolean {
    return this.pieces.every(
      (piece, index) =>
        piece.to <= from || piece.from >= to || (!this.taken[index] && !this.hidden[index]),
    );
  }

  /**
   * The sentence as said without its taken phrases (each one a space), for the title.
   * `keep` gives back taken ranges of the working text (the place, when nothing else is left).
   */
  rest(keep: readonly [number, number][] = []): string {
    const kept = new Set<number>();
    for (const [start, end] of keep) {
      for (let i = start; i < end; i++) kept.add(this.pieceOf[i] ?? -1);
    }
    let out = "";
    let gap = false;
    this.pieces.forEach((piece, index) => {
      if (this.taken[index] && !kept.has(index)) {
        gap = true;
        return;
      }
      if (gap) out += " ";
      gap = false;
      out += this.original.slice(piece.from, piece.to);
    });
    return out;
  }

  private mark(start: number, end: number, marks: boolean[]): void {
    const last = Math.min(end, this.pieceOf.length);
    if (Math.max(0, start) >= last) return;
    // A normalised piece ("5:30" for "five thirty") is masked whole.
    for (
      let piece = this.pieceOf[Math.max(0, start)] ?? 0;
      piece <= (this.pieceOf[last - 1] ?? 0);
      piece++
    ) {
      marks[piece] = true;
    }
    this.text = this.pieces
      .map((piece, index) =>
        this.taken[index] || this.hidden[index] ? MASK.repeat(piece.text.length) : piece.text,
      )
      .join("");
  }
}

function applyRewrite(pieces: Piece[], { pattern, replace }: Rewrite): Piece[] {
  const starts: number[] = [];
  let length = 0;
  for (const piece of pieces) {
    starts.push(length);
    length += piece.text.length;
  }
  const joined = pieces.map((piece) => piece.text).join("");
  const out: Piece[] = [];
  let next = 0;
  let piece = 0;
  const pieceAt = (offset: number) => {
    while (piece + 1 < pieces.length && (starts[piece + 1] ?? 0) <= offset) piece++;
    return piece;
  };
  pattern.lastIndex = 0;
  for (let match = pattern.exec(joined); match; match = pattern.exec(joined)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    const replacement = replace(match);
    if (replacement === null || replacement === match[0]) continue;
    const start = match.index;
    const end = start + match[0].length;
    const first = pieceAt(start);
    const last = pieceAt(end - 1);
    if (first < next) continue;
    out.push(...pieces.slice(next, first));
    const head = pieces[first] as Piece;
    const tail = pieces[last] as Piece;
    const before = head.text.slice(0, start - (starts[first] ?? 0));
    const after = tail.text.slice(end - (starts[last] ?? 0));
    out.push({ text: before + replacement + after, from: head.from, to: tail.to });
    next = last + 1;
  }
  out.push(...pieces.slice(next));
  return out;
}
