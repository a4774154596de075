// Runs before the first paint so a dark theme never flashes light. Mirrors src/lib/theme.ts.
// A file, not an inline script: the Content Security Policy allows scripts from 'self' only.
(() => {
  try {
    const theme = localStorage.getItem("theme");
    const dark =
      theme === "dark" ||
      (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch (_) {}
})();
