import type { CreatedCalendarFeed } from "@circleplan/shared/calendar-feed-schemas";
import { CalendarPlus, Copy, RefreshCw } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * "Calendar subscription" (docs/decisions/026): a secret address a calendar app subscribes to,
 * for all the user's circles (no `circle`: the profile) or one (the circle's settings). The
 * server keeps only a hash of it, so the address is shown once, when made; afterwards the card
 * says a link is in use and offers a new one, which stops the old one.
 */
export function CalendarSubscriptionCard({ circle }: { circle?: { id: number; name: string } }) {
  const utils = trpc.useUtils();
  const feeds = trpc.calendarFeeds.list.useQuery();
  const create = trpc.calendarFeeds.create.useMutation();
  const revoke = trpc.calendarFeeds.revoke.useMutation();
  const [made, setMade] = useState<CreatedCalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<"replace" | "revoke" | null>(null);
  const circleId = circle?.id ?? null;
  const feed = feeds.data?.feeds.find((one) => one.circleId === circleId) ?? null;
  const what = circle ? `${circle.name}'s plans` : "the plans of all your circles";
  const idBase = `calendar-feed-${circleId ?? "all"}`;

  async function makeLink() {
    try {
      setMade(await create.mutateAsync({ circleId }));
      setConfirming(null);
      toast.success("Calendar link ready", { description: "Add it to your calendar app." });
    } catch (error) {
      toast.error("Could not make a calendar link", {
        description: serverMessage(error, "Please try again."),
      });
    }
    await utils.calendarFeeds.list.invalidate();
  }

  async function turnOff() {
    try {
      await revoke.mutateAsync({ circleId });
      setMade(null);
      setConfirming(null);
      toast.success("Calendar link turned off");
    } catch (error) {
      toast.error("Could not turn the calendar link off", {
        description: serverMessage(error, "Please try again."),
      });
    }
    await utils.calendarFeeds.list.invalidate();
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "Paste it into your calendar app." });
    } catch {
      toast.error("Failed to copy", { description: "Select the link and copy it yourself." });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar subscription</CardTitle>
        <CardDescription>
          See {what} in Google Calendar, Apple Calendar or Outlook. Anyone with the link can read
          them, so share it only with your own devices.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feeds.isPending ? (
          <Skeleton className="h-10" />
        ) : feeds.error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessage(feeds.error, "Your calendar links could not be loaded.")}
          </p>
        ) : made ? (
          <NewLink made={made} idBase={idBase} onCopy={(url) => void copy(url)} />
        ) : feed ? (
          <p className="text-sm text-muted-foreground">
            A link made on{" "}
            <time dateTime={new Date(feed.createdAt).toISOString()}>
              {dateFormat.format(new Date(feed.createdAt))}
            </time>{" "}
            is in use. For your privacy it is shown only once: make a new link to add another
            calendar app.
          </p>
        ) : null}
        {feeds.data ? (
          <div className="flex flex-wrap gap-2">
            {feed ? (
              <>
                <Button variant="outline" onClick={() => setConfirming("replace")}>
                  <RefreshCw aria-hidden="true" />
                  Make a new link
                </Button>
                <Button
                  variant="outline"
                  className="text-destructive-text hover:text-destructive-text"
                  onClick={() => setConfirming("revoke")}
                >
                  Turn off
                </Button>
              </>
            ) : (
              <Button onClick={() => void makeLink()} disabled={create.isPending}>
                <CalendarPlus aria-hidden="true" />
                {create.isPending ? "Creating link..." : "Create link"}
              </Button>
            )}
          </div>
        ) : null}
        <ConfirmDialog
          open={confirming === "replace"}
          onOpenChange={(open) => setConfirming(open ? "replace" : null)}
          title="Make a new calendar link?"
          description="The current link stops working: calendar apps subscribed to it stop updating until you add the new one."
          confirmLabel="Make a new link"
          pendingLabel="Making link..."
          pending={create.isPending}
          onConfirm={() => void makeLink()}
        />
        <ConfirmDialog
          open={confirming === "revoke"}
          onOpenChange={(open) => setConfirming(open ? "revoke" : null)}
          title="Turn the calendar link off?"
          description="Calendar apps subscribed to it stop updating. You can make a new link at any time."
          confirmLabel="Turn off"
          pendingLabel="Turning off..."
          pending={revoke.isPending}
          onConfirm={() => void turnOff()}
        />
      </CardContent>
    </Card>
  );
}

/** The link just made: the only time its address is shown. */
function NewLink({
  made,
  idBase,
  onCopy,
}: {
  made: CreatedCalendarFeed;
  idBase: string;
  onCopy: (url: string) => void;
}) {
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${idBase}-url`}>Calendar link</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${idBase}-url`}
            readOnly
            value={made.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs sm:text-xs"
          />
          <Button type="button" onClick={() => onCopy(made.url)} className="shrink-0">
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Copy it now: it is shown only this once. In Google Calendar, use "From URL" under other
          calendars.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="rounded-lg bg-white p-3">
          <QRCodeSVG
            value={made.webcalUrl}
            size={160}
            marginSize={2}
            title="QR code of the calendar link"
            role="img"
          />
        </div>
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>Scan it with your phone's camera to subscribe there.</p>
          <Button asChild variant="outline" className="justify-self-start">
            <a href={made.webcalUrl}>
              <CalendarPlus aria-hidden="true" />
              Add to calendar app
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}
