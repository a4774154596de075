/**
 * Radix's overlays and everything they bring (the positioning engine, focus traps, scroll lock):
 * ~35 kB gzipped that no first screen needs to paint. Loaded by overlay-open.tsx when an overlay
 * first opens; nothing else imports it (decision 005, "The first load on a phone").
 */
import { AlertDialog, Dialog, DropdownMenu, Popover } from "radix-ui";

export const overlayKit = { AlertDialog, Dialog, DropdownMenu, Popover };
