/**
 * A browser's push machinery for component tests (happy-dom has none): Notification with its
 * permission prompt, the service worker registration and its pushManager, and the
 * PushSubscription it makes. Tests set what the person answers and read what the page did.
 */
import { vi } from "vitest";

export interface FakePushBrowser {
  /** What the permission prompt answers when asked. */
  answer: NotificationPermission;
  permission: NotificationPermission;
  subscription: FakeSubscription | null;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  uninstall(): void;
}

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

/** A point and a secret of the right sizes (65 bytes from 0x04, 16 bytes), base64url. */
export const DEVICE_KEYS = {
  p256dh: `BA${"A".repeat(85)}`,
  auth: "A".repeat(22),
};

export function fakeSubscription(
  endpoint = "https://fcm.googleapis.com/fcm/send/this-device",
  key: ArrayBuffer | null = null,
): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, expirationTime: null, keys: DEVICE_KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** Installs the fake on window and navigator; `supported: false` leaves push out entirely. */
export function installFakePushBrowser({ supported = true } = {}): FakePushBrowser {
  const fake: FakePushBrowser = {
    answer: "granted",
    permission: "default",
    subscription: null,
    requestPermission: vi.fn(async () => {
      fake.permission = fake.answer;
      return fake.answer;
    }),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      fake.subscription = fakeSubscription(
        undefined,
        options.applicationServerKey.buffer.slice(0) as ArrayBuffer,
      );
      return fake.subscription;
    }),
    uninstall: () => {},
  };
  if (!supported) return fake;
  const pushManager = {
    getSubscription: async () => fake.subscription,
    subscribe: fake.subscribe,
  };
  const registration = { pushManager };
  const serviceWorker = {
    getRegistration: async () => registration,
    register: async () => registration,
    ready: Promise.resolve(registration),
  };
  const FakeNotification = {
    get permission() {
      return fake.permission;
    },
    requestPermission: fake.requestPermission,
  };
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  Object.defineProperty(window, "PushManager", { value: class {}, configurable: true });
  Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true });
  fake.uninstall = () => {
    Reflect.deleteProperty(navigator, "serviceWorker");
    Reflect.deleteProperty(window, "PushManager");
    Reflect.deleteProperty(window, "Notification");
  };
  return fake;
}
