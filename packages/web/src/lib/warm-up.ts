/**
 * Two one-time costs of a first screen's render, paid each in a task of its own right after the
 * first render starts, while the network brings the session and the screen's data: the page's
 * first Intl date formatter loads ICU's data (~20 ms on this machine, any options or zone; the
 * next costs ~0.2 ms), and tailwind-merge builds its class map on its first call (~8 ms for the
 * app's groups, tailwind-groups.ts). Inside a component's render each lengthened one of React's
 * slices by as much (React cannot yield inside a component). In a built app the first-screen
 * script has already loaded ICU before the first paint (build/first-screen-preload.ts), and the
 * formatter here costs nothing; the dev server has no such script (decision 005, "The first
 * load on a phone").
 */
export function warmUpFirstRender(tab: Pick<Window, "setTimeout"> = window): void {
  tab.setTimeout(() => new Intl.DateTimeFormat("en-US").format(0), 0);
  tab.setTimeout(() => {
    // The class helper's chunk is among the first screen's; its first call in the next task.
    void import("./utils").then(({ cn }) => tab.setTimeout(() => cn("p-0", "p-1"), 0));
  }, 0);
}
