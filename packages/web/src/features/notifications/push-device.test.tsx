import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetThisDevice } from "./push-device";
import {
  type FakePushBrowser,
  fakeSubscription,
  installFakePushBrowser,
} from "./testing/fake-push-browser";

let fake: FakePushBrowser | undefined;
afterEach(() => {
  fake?.uninstall();
  vi.useRealTimers();
});

describe("forgetting this device on sign-out", () => {
  it("asks the server to forget its endpoint, then drops the subscription", async () => {
    fake = installFakePushBrowser();
    const subscription = fakeSubscription();
    fake.subscription = subscription;
    const forgetOnServer = vi.fn(async () => ({ ok: true }));
    await forgetThisDevice(forgetOnServer);
    expect(forgetOnServer).toHaveBeenCalledWith(subscription.endpoint);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("drops the subscription even when the server cannot be told", async () => {
    fake = installFakePushBrowser();
    const subscription = fakeSubscription();
    fake.subscription = subscription;
    await forgetThisDevice(async () => {
      throw new Error("offline");
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("does nothing without a subscription or without push", async () => {
    fake = installFakePushBrowser();
    const forgetOnServer = vi.fn(async () => ({}));
    await forgetThisDevice(forgetOnServer);
    fake.uninstall();
    fake = installFakePushBrowser({ supported: false });
    await forgetThisDevice(forgetOnServer);
    expect(forgetOnServer).not.toHaveBeenCalled();
  });

  it("never holds signing out up for long", async () => {
    vi.useFakeTimers();
    fake = installFakePushBrowser();
    fake.subscription = fakeSubscription();
    const done = vi.fn();
    void forgetThisDevice(() => new Promise(() => {})).then(done);
    await vi.advanceTimersByTimeAsync(2000);
    expect(done).toHaveBeenCalled();
  });
});
