/**
 * chrono-node (dates and times, English only) and compromise (people, places and parts of
 * speech), loaded on the first sentence rather than at start-up: compromise alone costs about
 * 300 ms to import, and no other request needs either. One promise is shared, so concurrent
 * first sentences import once; a failed import is retried by the next sentence. Each library
 * reads one sentence as it loads: their first use is slow (compromise builds its model, V8
 * compiles chrono's patterns), and that belongs to loading, not to the first sentence read.
 */
import type { Chrono } from "chrono-node/en";
import type compromise from "compromise";

export interface LanguageLibraries {
  chrono: Chrono;
  nlp: typeof compromise;
}

let loading: Promise<LanguageLibraries> | undefined;

const WARM_UP =
  "Emma's piano lesson next Tuesday, June 5 at 4:30 pm until 6 at the Park with Sam, every other week";

export function loadLanguageLibraries(): Promise<LanguageLibraries> {
  loading ??= Promise.all([import("chrono-node/en"), import("compromise")]).then(
    ([chrono, nlp]) => {
      // V8 interprets a regular expression on its first run and compiles it on its second:
      // chrono's hundreds of patterns cost ~100 ms and ~250 ms before they run fast.
      chrono.casual.parse(WARM_UP);
      chrono.casual.parse(WARM_UP);
      nlp.default(WARM_UP).json({ offset: true });
      return { chrono: chrono.casual, nlp: nlp.default };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
