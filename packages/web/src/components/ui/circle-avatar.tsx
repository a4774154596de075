import { cn } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "./avatar";

/**
 * A circle's picture: its photo, or its first letter on its colour. The shell's circle strip
 * and the circle screens both draw it. A member may pick any colour, so the letter's own colour
 * is chosen for contrast.
 */

/** The strip draws a circle whose colour is missing or unreadable in this (spec section 3). */
export const STRIP_FALLBACK_COLOR = "#4F46E5";
/** The settings page's stand-in for a missing colour. */
export const SETTINGS_FALLBACK_COLOR = "#10B981";
/** Grey, everywhere else a colour is unknown. */
export const UNKNOWN_COLOR = "#6B7280";

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The circle's own colour when it is a usable #RRGGBB, else the fallback. */
export function displayColor(color: string | null | undefined, fallback = UNKNOWN_COLOR) {
  return color && HEX_COLOR.test(color) ? color.toUpperCase() : fallback;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #RRGGBB colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const LIGHT_TEXT = "#FFFFFF";
const DARK_TEXT = "#111827";

/**
 * White or near-black, whichever reads better on `background`: a member may pick any colour,
 * and the circle's initial drawn on it must stay legible (WCAG contrast).
 */
export function textColorOn(background: string): string {
  const color = displayColor(background);
  return contrastRatio(color, LIGHT_TEXT) >= contrastRatio(color, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}

/** The first letter of a circle's name, upper-cased, for the photo's place when it has none. */
export function circleInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : "?";
}

interface CircleAvatarProps {
  name: string;
  color: string | null | undefined;
  /** The photo (or its thumbnail); the first letter on the circle's colour when absent. */
  src: string | null | undefined;
  /** Drawn when `color` is missing or unusable: grey unless the screen has its own (spec section 3). */
  fallbackColor?: string;
  className?: string;
  /** Classes for the letter, to size it with the avatar. */
  letterClassName?: string;
}

/** A circle's photo, or its first letter on its colour. Decorative: the name is always beside it. */
export function CircleAvatar({
  name,
  color,
  src,
  fallbackColor = UNKNOWN_COLOR,
  className,
  letterClassName,
}: CircleAvatarProps) {
  const background = displayColor(color, fallbackColor);
  return (
    <Avatar className={cn("size-12", className)} aria-hidden="true">
      {src ? <AvatarImage src={src} alt="" /> : null}
      <AvatarFallback
        className={cn("text-lg font-bold", letterClassName)}
        style={{ backgroundColor: background, color: textColorOn(background) }}
      >
        {circleInitial(name)}
      </AvatarFallback>
    </Avatar>
  );
}
