/**
 * Notification permission is asked once, on the first click after the app starts (spec
 * section 4 "once at start if undecided", read so browsers do not block a gestureless prompt),
 * and never again once asked or decided.
 */
import { describe, expect, it, vi } from "vitest";
import { askPermissionOnFirstClick, type PermissionAsker } from "./notification-permission";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function notifications(permission: NotificationPermission = "default") {
  const asker = {
    permission,
    requestPermission: vi.fn(async () => {
      asker.permission = "granted";
      return "granted" as NotificationPermission;
    }),
  };
  return asker satisfies PermissionAsker;
}

const click = (target: EventTarget) => target.dispatchEvent(new Event("click"));

describe("notification permission", () => {
  it("asks on the first click, not at load, and only once", () => {
    const target = new EventTarget();
    const asker = notifications();
    askPermissionOnFirstClick({ target, notifications: asker, storage: memoryStorage() });
    expect(asker.requestPermission).not.toHaveBeenCalled();
    click(target);
    expect(asker.requestPermission).toHaveBeenCalledTimes(1);
    click(target);
    expect(asker.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("reads neither the permission nor the storage before the first click (the page is loading)", () => {
    const target = new EventTarget();
    let permissionReads = 0;
    const asker = {
      get permission(): NotificationPermission {
        permissionReads++;
        return "default";
      },
      requestPermission: vi.fn(async (): Promise<NotificationPermission> => "granted"),
    };
    const storage = memoryStorage();
    const read = vi.spyOn(storage, "getItem");
    askPermissionOnFirstClick({ target, notifications: asker, storage });
    expect(permissionReads).toBe(0);
    expect(read).not.toHaveBeenCalled();
    click(target);
    expect(asker.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("does not ask again after a reload when the prompt was closed undecided", () => {
    const storage = memoryStorage();
    const first = notifications();
    first.requestPermission.mockResolvedValue("default");
    const page = new EventTarget();
    askPermissionOnFirstClick({ target: page, notifications: first, storage });
    click(page);
    first.permission = "default";
    const reloaded = new EventTarget();
    const again = notifications();
    askPermissionOnFirstClick({ target: reloaded, notifications: again, storage });
    click(reloaded);
    expect(again.requestPermission).not.toHaveBeenCalled();
  });

  it("never asks once the user decided, here or meanwhile elsewhere", () => {
    for (const permission of ["granted", "denied"] as const) {
      const target = new EventTarget();
      const asker = notifications(permission);
      askPermissionOnFirstClick({ target, notifications: asker, storage: memoryStorage() });
      click(target);
      expect(asker.requestPermission).not.toHaveBeenCalled();
    }
    const target = new EventTarget();
    const asker = notifications();
    askPermissionOnFirstClick({ target, notifications: asker, storage: memoryStorage() });
    asker.permission = "granted"; // from the profile, before the first click here
    click(target);
    expect(asker.requestPermission).not.toHaveBeenCalled();
  });

  it("stops waiting when the app unmounts, and copes without notifications", () => {
    const target = new EventTarget();
    const asker = notifications();
    const stop = askPermissionOnFirstClick({
      target,
      notifications: asker,
      storage: memoryStorage(),
    });
    stop();
    click(target);
    expect(asker.requestPermission).not.toHaveBeenCalled();
    expect(() =>
      askPermissionOnFirstClick({ target, notifications: null, storage: null }),
    ).not.toThrow();
    const throwing = notifications();
    throwing.requestPermission.mockImplementation(() => {
      throw new TypeError("not allowed");
    });
    askPermissionOnFirstClick({ target, notifications: throwing, storage: null });
    expect(() => click(target)).not.toThrow();
  });
});
