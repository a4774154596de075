/** How long to wait for the element to be in the page: a second's frames. */
const MAX_FRAMES = 60;

/**
 * Scrolls an element into the middle of the view as soon as it is in the page: a list that has
 * just arrived mounts a moment after its answer (components/plans/plans-query-state.tsx), and a
 * plan's card with it. Smooth unless the person asked for reduced motion. Returns a cancel.
 */
export function scrollToElement(id: string): () => void {
  let frame = 0;
  let frames = 0;
  const attempt = () => {
    const element = document.getElementById(id);
    if (element) {
      const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      element.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "center" });
    } else if (frames++ < MAX_FRAMES) {
      frame = window.requestAnimationFrame(attempt);
    }
  };
  attempt();
  return () => window.cancelAnimationFrame(frame);
}
