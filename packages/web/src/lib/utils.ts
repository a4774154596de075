import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./tailwind-groups";

/** Joins class names and lets a later Tailwind class win over an earlier conflicting one. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

export function initials(firstName?: string | null, lastName?: string | null, fallback = "?") {
  const letters = `${firstName?.trim().charAt(0) ?? ""}${lastName?.trim().charAt(0) ?? ""}`;
  return letters ? letters.toUpperCase() : fallback.charAt(0).toUpperCase();
}
