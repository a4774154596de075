/**
 * The browser notification of a fired reminder (plans spec, section 4): 'Reminder: {title}',
 * body 'Starting {h:mm a}' in the user's zone ('Starting 17:00' for one who chose the 24-hour
 * clock, as the server's push says it), shown only where the user allowed notifications.
 * Through the service worker when the app has one (Chrome on Android has no page
 * `Notification` constructor, and the worker's notifications outlive the tab), else the page's.
 * Showing never throws.
 */
import { clockText, reminderClock, timeIn } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import { paths } from "../../app/paths";
import { longDay } from "../../lib/days";
import type { ReminderInstance } from "./reminder-schedule";

/** Whom the notification is for: their zone and the clock they chose (null: not chosen). */
export interface NotificationReader {
  zone: string;
  timeFormat: TimeFormat | null;
}

export interface ReminderNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/**
 * The notification's text. An all-day plan has no time to start at: it names its day, as the
 * server's push does (core/reminders/reminder-texts.ts). The tag is the spec's key
 * `{eventId}-{phrase}`, the server push's tag too, so the same reminder reaching a device from
 * the open app and by push (or from two tabs) shows once. `data.url` is where a click leads:
 * the plan's circle, as View Event.
 */
export function reminderNotification(
  reminder: Pick<ReminderInstance, "event" | "phrase">,
  { zone, timeFormat }: NotificationReader,
): ReminderNotification {
  const { event: plan } = reminder;
  return {
    title: `Reminder: ${plan.title}`,
    options: {
      body: plan.allDay
        ? `All day on ${longDay(plan.date)}`
        : `Starting ${clockText(timeIn(plan.startTime, zone), reminderClock(timeFormat))}`,
      tag: `${plan.id}-${reminder.phrase}`,
      data: { url: paths.circle.build(plan.circleId) },
    },
  };
}

type ShowsNotifications = Pick<ServiceWorkerRegistration, "showNotification">;

export interface NotificationEnvironment {
  /** The page's permission, or null where the browser has no notifications. */
  permission(): NotificationPermission | null;
  /** The app's active service worker registration, or null. */
  registration(): Promise<ShowsNotifications | null>;
  /** A notification from the page itself, `onClick` called when it is clicked. */
  showFromPage(title: string, options: NotificationOptions, onClick: () => void): void;
}

const pageNotifications: NotificationEnvironment = {
  permission: () => (typeof Notification === "undefined" ? null : Notification.permission),
  async registration() {
    if (!("serviceWorker" in navigator)) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active ? registration : null;
  },
  showFromPage(title, options, onClick) {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
      onClick();
    };
  },
};

/**
 * Shows the reminder's notification if the user allowed them. `open` takes a clicked page
 * notification's address (the worker handles clicks on its own notifications).
 */
export async function showReminderNotification(
  reminder: Pick<ReminderInstance, "event" | "phrase">,
  reader: NotificationReader,
  open: (url: string) => void,
  environment: NotificationEnvironment = pageNotifications,
): Promise<void> {
  try {
    if (environment.permission() !== "granted") return;
    const { title, options } = reminderNotification(reminder, reader);
    const registration = await environment.registration().catch(() => null);
    if (registration) {
      try {
        await registration.showNotification(title, options);
        return;
      } catch {
        // A worker that cannot show it (being replaced): the page shows it instead.
      }
    }
    environment.showFromPage(title, options, () => open(options.data.url));
  } catch {
    // Notifications refused or unsupported here (the constructor throws on Android): the popup tells.
  }
}
