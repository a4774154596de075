/**
 * Push on this device, for the profile: where it stands (unsupported, blocked, off, on) and
 * turning it on or off. Opening the profile with push on re-sends this device's subscription,
 * so the server holds its current keys and it belongs to whoever is signed in now (a browser
 * shared by two accounts takes its notifications along to the one using it).
 */
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useState } from "react";
import { isNotFound, serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import {
  currentSubscription,
  type PushSupport,
  pushSupport,
  subscribeDevice,
  subscriptionInput,
} from "./push-device";

export type PushState =
  | { status: "checking" }
  | { status: Exclude<PushSupport, "supported"> }
  | { status: "denied" }
  | { status: "off" }
  | { status: "on"; deviceId: number | null };

const TRY_AGAIN = "Please try again.";
const BROWSER_FAILED = "This browser could not set up notifications. Please try again.";

/** The server's message for a server answer; the browser's failures get a sentence of ours. */
const failureText = (error: unknown, fallback: string) =>
  error instanceof TRPCClientError ? serverMessage(error, TRY_AGAIN) : fallback;

export function usePushDevice() {
  const utils = trpc.useUtils();
  const save = trpc.notifications.subscribe.useMutation();
  const remove = trpc.notifications.unsubscribeDevice.useMutation();
  const [state, setState] = useState<PushState>({ status: "checking" });
  const [busy, setBusy] = useState(false);

  const { mutateAsync: saveSubscription } = save;
  useEffect(() => {
    let current = true;
    const settle = (next: PushState) => {
      if (current) setState(next);
    };
    const support = pushSupport();
    if (support !== "supported") {
      settle({ status: support });
      return;
    }
    if (Notification.permission === "denied") {
      settle({ status: "denied" });
      return;
    }
    (async () => {
      const subscription =
        Notification.permission === "granted" ? await currentSubscription() : null;
      if (!subscription) return settle({ status: "off" });
      try {
        const device = await saveSubscription(subscriptionInput(subscription));
        settle({ status: "on", deviceId: device.id });
        void utils.notifications.devices.invalidate();
      } catch {
        // Still subscribed here; the server did not take it this time.
        settle({ status: "on", deviceId: null });
      }
    })().catch(() => settle({ status: "off" }));
    return () => {
      current = false;
    };
  }, [saveSubscription, utils]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      // First, while the click still counts as the person's: browsers ask only then.
      const permission = await Notification.requestPermission();
      if (permission === "denied") {
        setState({ status: "denied" });
        return;
      }
      if (permission !== "granted") {
        toast.error("Notifications were not allowed", {
          description: "Choose Allow when your browser asks.",
        });
        return;
      }
      const { publicKey } = await utils.notifications.publicKey.fetch();
      const subscription = await subscribeDevice(publicKey);
      const device = await save.mutateAsync(subscriptionInput(subscription));
      setState({ status: "on", deviceId: device.id });
      toast.success("Notifications are on", {
        description: "This device will show your reminders.",
      });
    } catch (error) {
      toast.error("Failed to turn on notifications", {
        description: failureText(error, BROWSER_FAILED),
      });
    } finally {
      setBusy(false);
      void utils.notifications.devices.invalidate();
    }
  }, [save, utils]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        try {
          await remove.mutateAsync({ endpoint: subscription.endpoint });
        } catch (error) {
          // Already gone from the server (removed as expired, or by another account): fine.
          if (!isNotFound(error)) throw error;
        }
        await subscription.unsubscribe();
      }
      setState({ status: "off" });
      toast.success("Notifications are off", {
        description: "This device will no longer show your reminders.",
      });
    } catch (error) {
      toast.error("Failed to turn off notifications", {
        description: failureText(error, BROWSER_FAILED),
      });
    } finally {
      setBusy(false);
      void utils.notifications.devices.invalidate();
    }
  }, [remove, utils]);

  return { state, busy, turnOn, turnOff };
}
