import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { NotificationPreferences, PushDevice } from "@circleplan/shared/notification-outputs";
import { BellOff, BellRing, Monitor, Send, Smartphone } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { SwitchRow } from "@/components/ui/switch-row";
import { describeUserAgent } from "@/features/profile/user-agent";
import { errorText, serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { usePushDevice } from "./use-push-device";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const MOBILE_SYSTEMS = /on (iOS|Android)$/;

/**
 * The profile's notification settings: push on this device, which reminders and mail the user
 * gets, push for changes (docs/decisions/019), and the devices push goes to
 * (docs/decisions/011-reminders.md).
 */
export function NotificationsCard({ timeZone }: { timeZone: string }) {
  const push = usePushDevice();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="notifications-title">Notifications</CardTitle>
        <CardDescription>
          How your reminders reach you when Circleplan is not open: on your devices, by email, or
          both.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="this-device-title" className="grid gap-3">
          <h3 id="this-device-title" className="text-sm font-semibold">
            This device
          </h3>
          <ThisDevice push={push} />
        </section>
        <Preferences timeZone={timeZone} />
        <Devices currentDeviceId={push.state.status === "on" ? push.state.deviceId : null} />
      </CardContent>
    </Card>
  );
}

function ThisDevice({ push }: { push: ReturnType<typeof usePushDevice> }) {
  const { state, busy, turnOn, turnOff } = push;
  switch (state.status) {
    case "checking":
      return (
        <div className="flex justify-center py-2 text-primary">
          <Spinner label="Checking notifications on this device" />
        </div>
      );
    case "unsupported":
      return (
        <Alert>
          <BellOff aria-hidden="true" />
          <AlertTitle>This browser cannot show notifications</AlertTitle>
          <AlertDescription>
            Use a current Chrome, Edge, Firefox or Safari to get reminders as notifications. Email
            reminders work everywhere.
          </AlertDescription>
        </Alert>
      );
    case "install-first":
      return (
        <Alert>
          <Smartphone aria-hidden="true" />
          <AlertTitle>Add Circleplan to your Home Screen first</AlertTitle>
          <AlertDescription>
            On iPhone and iPad, notifications work in the installed app: tap Share, then Add to Home
            Screen, and open Circleplan from there.
          </AlertDescription>
        </Alert>
      );
    case "denied":
      return (
        <Alert variant="warning">
          <BellOff aria-hidden="true" />
          <AlertTitle>Notifications are blocked</AlertTitle>
          <AlertDescription>
            Your browser blocks notifications from Circleplan. Allow them in this site's settings
            (the icon next to the address), then reload this page.
          </AlertDescription>
        </Alert>
      );
    case "off":
      return (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Get a notification for each reminder, even when Circleplan is closed.
          </p>
          <div>
            <Button onClick={() => void turnOn()} disabled={busy}>
              <BellRing aria-hidden="true" />
              {busy ? "Allowing..." : "Allow notifications on this device"}
            </Button>
          </div>
        </div>
      );
    case "on":
      return <DeviceOn busy={busy} onTurnOff={turnOff} />;
  }
}

function DeviceOn({ busy, onTurnOff }: { busy: boolean; onTurnOff: () => Promise<void> }) {
  const sendTest = trpc.notifications.sendTest.useMutation();
  const utils = trpc.useUtils();

  async function onSendTest() {
    try {
      const result = await sendTest.mutateAsync();
      const devices = result.sent === 1 ? "1 device" : `${result.sent} devices`;
      if (result.sent > 0) {
        toast.success("Test notification sent", { description: `Sent to ${devices}.` });
      } else {
        toast.error("No device got the test notification", {
          description: "Turn notifications off and on again on this device, then try again.",
        });
      }
    } catch (error) {
      toast.error("Failed to send a test notification", {
        description: serverMessage(error, "Please try again."),
      });
    } finally {
      void utils.notifications.devices.invalidate();
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2 text-sm">
        <Badge variant="success">
          <BellRing aria-hidden="true" />
          On
        </Badge>
        <span>Reminders show as notifications on this device.</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onSendTest()} disabled={sendTest.isPending}>
          <Send aria-hidden="true" />
          {sendTest.isPending ? "Sending..." : "Send a test notification"}
        </Button>
        <Button variant="ghost" onClick={() => void onTurnOff()} disabled={busy}>
          <BellOff aria-hidden="true" />
          {busy ? "Turning off..." : "Turn off on this device"}
        </Button>
      </div>
    </div>
  );
}

type PreferenceName = keyof NotificationPreferences;

const changeText: Record<PreferenceName, [on: string, off: string]> = {
  reminderPush: ["Reminders will arrive as notifications.", "No more reminder notifications."],
  reminderEmail: ["Reminders will arrive by email.", "No more reminder emails."],
  digestEmail: ["The morning digest is on.", "The morning digest is off."],
  changePush: [notificationMessages.changePushOn, notificationMessages.changePushOff],
};

function Preferences({ timeZone }: { timeZone: string }) {
  const utils = trpc.useUtils();
  const preferences = trpc.notifications.preferences.useQuery();
  const update = trpc.notifications.updatePreferences.useMutation();

  async function change(name: PreferenceName, value: boolean) {
    const before = utils.notifications.preferences.getData();
    if (before) utils.notifications.preferences.setData(undefined, { ...before, [name]: value });
    try {
      const saved = await update.mutateAsync({ [name]: value });
      utils.notifications.preferences.setData(undefined, saved);
      toast.success("Notification settings saved", {
        description: changeText[name][value ? 0 : 1],
      });
    } catch (error) {
      if (before) utils.notifications.preferences.setData(undefined, before);
      toast.error("Failed to update notification settings", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <section aria-labelledby="reminder-settings-title" className="grid gap-4">
      <h3 id="reminder-settings-title" className="text-sm font-semibold">
        Reminders and emails
      </h3>
      {preferences.isPending ? (
        <div className="flex justify-center py-2 text-primary">
          <Spinner label="Loading notification settings" />
        </div>
      ) : preferences.error ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load your notification settings</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p className="font-mono text-xs break-words">{errorText(preferences.error)}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <SwitchRow
            id="preference-reminder-push"
            label="Reminder notifications"
            hint="On each device where notifications are allowed."
            checked={preferences.data.reminderPush}
            onCheckedChange={(value) => void change("reminderPush", value)}
          />
          <SwitchRow
            id="preference-reminder-email"
            label="Reminder emails"
            hint="An email for each reminder of your plans and tasks."
            checked={preferences.data.reminderEmail}
            onCheckedChange={(value) => void change("reminderEmail", value)}
          />
          <SwitchRow
            id="preference-digest-email"
            label="Morning digest"
            hint={`An email at 07:00 (${timeZone.replaceAll("_", " ")}) with today's plans and the tasks waiting for you.`}
            checked={preferences.data.digestEmail}
            onCheckedChange={(value) => void change("digestEmail", value)}
          />
          <SwitchRow
            id="preference-change-push"
            label={notificationMessages.changePushLabel}
            hint={notificationMessages.changePushHint}
            checked={preferences.data.changePush ?? true}
            onCheckedChange={(value) => void change("changePush", value)}
          />
        </>
      )}
    </section>
  );
}

function Devices({ currentDeviceId }: { currentDeviceId: number | null }) {
  const devices = trpc.notifications.devices.useQuery(undefined, { refetchOnMount: "always" });
  const list = devices.data?.devices ?? [];
  return (
    <section aria-labelledby="push-devices-title" className="grid gap-3">
      <h3 id="push-devices-title" className="text-sm font-semibold">
        Devices with notifications on
      </h3>
      {devices.isPending ? (
        <div className="flex justify-center py-2 text-primary">
          <Spinner label="Loading devices" />
        </div>
      ) : devices.error ? (
        <p className="text-sm text-destructive-text">
          Could not load your devices. {serverMessage(devices.error, "Please try again.")}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No device has notifications on yet.</p>
      ) : (
        <ul aria-labelledby="push-devices-title" className="divide-y rounded-lg border">
          {list.map((device) => (
            <DeviceRow key={device.id} device={device} current={device.id === currentDeviceId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceRow({ device, current }: { device: PushDevice; current: boolean }) {
  const name = describeUserAgent(device.userAgent);
  const Icon = MOBILE_SYSTEMS.test(name) ? Smartphone : Monitor;
  const allowed = new Date(device.createdAt);
  const lastSent = device.lastSentAt ? new Date(device.lastSentAt) : null;
  return (
    <li className="flex items-center gap-3 p-3 sm:px-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{name}</span>
          {current ? <Badge variant="success">This device</Badge> : null}
        </div>
        <span className="text-sm text-muted-foreground">
          Allowed <time dateTime={allowed.toISOString()}>{dateFormat.format(allowed)}</time>
          {lastSent ? (
            <>
              {" · "}last notified{" "}
              <time dateTime={lastSent.toISOString()}>{dateFormat.format(lastSent)}</time>
            </>
          ) : null}
        </span>
      </div>
    </li>
  );
}
