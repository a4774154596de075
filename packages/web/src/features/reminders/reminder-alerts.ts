/**
 * What a fired reminder does besides the popup: the two tones (unless turned off) and the
 * browser notification. Loaded on the first firing.
 */

import { type NotificationReader, showReminderNotification } from "./reminder-notification";
import type { ReminderInstance } from "./reminder-schedule";
import { isReminderSoundOn, playReminderSound } from "./reminder-sound";

export function alertReminders(
  fired: readonly ReminderInstance[],
  reader: NotificationReader,
  open: (url: string) => void,
): void {
  // One sound for the check, however many reminders it fired.
  if (isReminderSoundOn()) void playReminderSound();
  for (const reminder of fired) void showReminderNotification(reminder, reader, open);
}
