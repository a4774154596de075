/**
 * How plan text is searched (docs/decisions/020-search.md): words of PostgreSQL's built-in
 * `simple` text-search configuration (lower case, no stemming, no stop words: a family's
 * calendar mixes languages and names), with accents and letter case folded by `translate`
 * first. No extension is needed, so the embedded store and Neon share one migration.
 *
 * Folding here rather than by the database's locale: the test servers run the C locale, whose
 * lower() leaves "É" and "Д" as they are, and an index must read the same in every database.
 */
import { type SQL, sql } from "drizzle-orm";

/** Latin letters with diacritics, by the plain letter they fold to (upper case derived). */
const LATIN: Record<string, string> = {
  a: "àáâãäåāăą",
  c: "çćĉċč",
  d: "ďđ",
  e: "èéêëēĕėęě",
  g: "ĝğġģ",
  h: "ĥħ",
  i: "ìíîïĩīĭįı",
  j: "ĵ",
  k: "ķ",
  l: "ĺļľŀł",
  n: "ñńņň",
  o: "òóôõöøōŏő",
  r: "ŕŗř",
  s: "śŝşšș",
  t: "ţťŧț",
  u: "ùúûüũūŭůűų",
  w: "ŵ",
  y: "ýÿŷ",
  z: "źżž",
};

/** Greek with tonos, and final sigma, as the plain lower-case letter. */
const GREEK: Record<string, string> = {
  α: "άΆ",
  ε: "έΈ",
  η: "ήΉ",
  ι: "ίΊϊΐΪ",
  ο: "όΌ",
  υ: "ύΎϋΰΫ",
  ω: "ώΏ",
  σ: "ς",
};

function foldTable(): { from: string; to: string } {
  const pairs = new Map<string, string>();
  for (const [plain, marked] of Object.entries(LATIN)) {
    for (const letter of marked) {
      pairs.set(letter, plain);
      const upper = letter.toUpperCase();
      // "ı" upper-cases to a plain "I", which lower() folds anyway.
      if (upper !== letter && upper.length === 1 && upper > "\u007f") pairs.set(upper, plain);
    }
  }
  for (const [plain, marked] of Object.entries(GREEK)) {
    for (const letter of marked) pairs.set(letter, plain);
  }
  const lowerOf = (code: number) => String.fromCodePoint(code).toLowerCase();
  // Cyrillic А-Я and Greek Α-Ω to lower case; Ё/ё as е, as Russian search does.
  for (let code = 0x410; code <= 0x42f; code++)
    pairs.set(String.fromCodePoint(code), lowerOf(code));
  pairs.set("Ё", "е");
  pairs.set("ё", "е");
  for (let code = 0x391; code <= 0x3a9; code++) {
    if (code !== 0x3a2) pairs.set(String.fromCodePoint(code), lowerOf(code));
  }
  return { from: [...pairs.keys()].join(""), to: [...pairs.values()].join("") };
}

const FOLD = foldTable();

/** `text` with accents and case folded (an immutable expression: an index may hold it). */
export function foldedText(text: SQL): SQL {
  return sql`translate(${text}, ${sql.raw(`'${FOLD.from}'`)}, ${sql.raw(`'${FOLD.to}'`)})`;
}

/**
 * The words a plan is found by: its title, description and place. The index on plans and the
 * search read both write it through here: PostgreSQL uses an expression index only for the same
 * expression. `||` rather than concat_ws, which is not immutable.
 */
export function planSearchDocument(columns: { title: SQL; description: SQL; location: SQL }): SQL {
  const text = sql`coalesce(${columns.title}, '') || ' ' || coalesce(${columns.description}, '') || ' ' || coalesce(${columns.location}, '')`;
  return sql`to_tsvector('simple'::regconfig, ${foldedText(text)})`;
}

/**
 * What the user typed as a query: every word of it (split as the documents are), each matching
 * as a prefix ("dent" finds "Dentist"), all of them required. Null when the text holds no word
 * (only punctuation), which matches nothing. Quotes and backslashes in a word are escaped for
 * to_tsquery's own syntax.
 */
export function prefixQuery(text: string): SQL {
  return sql`(select to_tsquery('simple'::regconfig, string_agg(
      '''' || replace(replace(word, '\\', '\\\\'), '''', '''''') || ''':*', ' & '))
    from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${foldedText(sql`${text}::text`)}))) as word)`;
}
