/** The element index.html paints before the app's code runs (src/build/first-paint.ts). */
export const FIRST_PAINT_ID = "first-paint";

/** Takes it away: the first screen has mounted in its place. */
export function removeFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
