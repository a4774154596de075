import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTailwindMerge, getDefaultConfig, twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { APP_CLASS_GROUPS, mergeClasses, onlyClassGroups } from "./tailwind-groups";

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every word of the web app's source that tailwind-merge reads as a class of some group. */
function sourceClasses(): string[] {
  const words = new Set<string>();
  for (const file of readdirSync(SOURCE, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const word of readFileSync(path.join(SOURCE, file), "utf8").split(/[\s"'`{}]+/)) {
      if (/^[!-~]+$/.test(word) && !word.includes("${")) words.add(word);
    }
  }
  const config = getDefaultConfig();
  // Arbitrary properties ("[scrollbar-width:thin]") are read without any group.
  const noGroup = createTailwindMerge(() => onlyClassGroups(config, []));
  const known = (merge: typeof twMerge, word: string) => merge(`${word} ${word}`) === word;
  return [...words].filter((word) => known(twMerge, word) && !known(noGroup, word));
}

/**
 * The groups that can read each class: every one, not only the one tailwind-merge picks, so the
 * app's map resolves a class to the same group as the full one.
 */
function groupsOf(classes: readonly string[]): string[] {
  const config = getDefaultConfig();
  return Object.keys(config.classGroups)
    .filter((group) => {
      const alone = createTailwindMerge(() => onlyClassGroups(config, [group]));
      return classes.some((name) => alone(`${name} ${name}`) === name);
    })
    .sort();
}

describe("the app's Tailwind class groups", () => {
  it("are exactly the groups of the classes the source writes", () => {
    const needed = groupsOf(sourceClasses());
    const listed = [...APP_CLASS_GROUPS].sort();
    expect(
      needed.filter((group) => !listed.includes(group)),
      "groups to add to APP_CLASS_GROUPS",
    ).toEqual([]);
    expect(
      listed.filter((group) => !needed.includes(group)),
      "groups no class uses any more",
    ).toEqual([]);
  });

  it("merge the app's classes as the full tailwind-merge does", () => {
    const cases = [
      "inline-flex h-9 px-4 py-2 text-sm h-8 px-3 text-xs",
      "rounded-md border bg-background text-foreground bg-primary text-primary-foreground",
      "grid gap-4 p-6 gap-2 p-0 sm:p-4 sm:p-2",
      "size-4 text-muted-foreground hover:text-foreground focus-visible:outline-2 outline-ring w-full",
      "fixed inset-0 z-50 top-1/2 left-1/2 -translate-x-1/2 translate-x-0 max-w-md max-w-lg",
    ];
    for (const classes of cases) expect(mergeClasses(classes)).toBe(twMerge(classes));
  });

  it("keeps a class of a group not listed as written", () => {
    const merge = createTailwindMerge(() => onlyClassGroups(getDefaultConfig(), ["p"]));
    expect(merge("mask-clip-border mask-clip-padding p-1 p-2")).toBe(
      "mask-clip-border mask-clip-padding p-2",
    );
  });
});
