import type { Circle, CreatedInvitation } from "@circleplan/shared/circle-outputs";
import { invitationEmailField } from "@circleplan/shared/circle-schemas";
import { INVITATION_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { Copy, Link2, Mail, QrCode } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { emailInput } from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";

const EXPIRY_DAYS = Math.round(INVITATION_TTL_MS / (24 * 60 * 60 * 1000));
/** The spec's "simple pattern check" before asking the server, which checks fully. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Ways to pass an invitation on (spec section 2): by email, as a QR code, as a link. The link
 * is the invitation's own (`{origin}/invitations/{inviteToken}`), which only the answer that
 * created it carries; the Email tab creates another invitation for another address.
 */
export function InvitationShareDialog({
  circle,
  invitation,
  open,
  onOpenChange,
}: {
  circle: Pick<Circle, "id" | "name">;
  invitation: CreatedInvitation | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <ShareTabs circle={circle} initial={invitation} />
      </DialogContent>
    </Dialog>
  );
}

function ShareTabs({
  circle,
  initial,
}: {
  circle: Pick<Circle, "id" | "name">;
  initial: CreatedInvitation | null;
}) {
  const [invitation, setInvitation] = useState(initial);
  // Email first, as the spec lists the tabs, even for an invitation just made: its address is
  // confirmed there, and the link and QR code are a tap away (docs/decisions/021).
  const [tab, setTab] = useState("email");
  const link = invitation?.inviteUrl ?? null;

  async function copyLink() {
    if (!link) {
      toast.error("No invitation link", { description: "Please create an invitation first." });
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Link copied", { description: "Paste it into any message." });
    } catch {
      toast.error("Failed to copy", { description: "Could not copy the link to clipboard." });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share Invitation</DialogTitle>
        <DialogDescription>
          {invitation ? (
            <>
              For{" "}
              <span className="font-medium text-foreground wrap-anywhere">{invitation.email}</span>{" "}
              to join {circle.name}.
            </>
          ) : (
            `Invite someone to ${circle.name}.`
          )}
        </DialogDescription>
      </DialogHeader>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="email">
            <Mail aria-hidden="true" className="size-4" />
            Email
          </TabsTrigger>
          <TabsTrigger value="qr">
            <QrCode aria-hidden="true" className="size-4" />
            QR Code
          </TabsTrigger>
          <TabsTrigger value="link">
            <Link2 aria-hidden="true" className="size-4" />
            Link
          </TabsTrigger>
        </TabsList>
        <TabsContent value="email">
          <EmailTab
            circleId={circle.id}
            sentTo={invitation?.email ?? null}
            onCreated={(created) => {
              setInvitation(created);
              setTab("link");
            }}
          />
        </TabsContent>
        <TabsContent value="qr" className="grid justify-items-center gap-3 text-center">
          {link ? (
            <>
              <div className="rounded-lg bg-white p-3">
                <QRCodeSVG
                  value={link}
                  size={208}
                  marginSize={2}
                  title={`QR code of the invitation link for ${invitation?.email ?? ""}`}
                  role="img"
                />
              </div>
              <p className="text-sm text-muted-foreground">
                Scan it with a phone's camera to open the invitation. The QR code expires in{" "}
                {EXPIRY_DAYS} days.
              </p>
            </>
          ) : (
            <NoInvitationYet />
          )}
        </TabsContent>
        <TabsContent value="link" className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor="share-invitation-link">Invitation link</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="share-invitation-link"
                readOnly
                value={link ?? ""}
                placeholder="No invitation yet"
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs sm:text-xs"
              />
              <Button type="button" onClick={() => void copyLink()} className="shrink-0">
                <Copy aria-hidden="true" />
                Copy Link
              </Button>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            {link
              ? `Anyone can open this link, but only ${invitation?.email} can accept it. The link expires in ${EXPIRY_DAYS} days.`
              : `Create an invitation on the Email tab to get its link. Links expire in ${EXPIRY_DAYS} days.`}
          </p>
        </TabsContent>
      </Tabs>
    </>
  );
}

function NoInvitationYet() {
  return (
    <p className="py-6 text-sm text-muted-foreground">
      No invitation yet. Create one on the Email tab first.
    </p>
  );
}

function EmailTab({
  circleId,
  sentTo,
  onCreated,
}: {
  circleId: number;
  sentTo: string | null;
  onCreated: (invitation: CreatedInvitation) => void;
}) {
  const create = trpc.invitations.create.useMutation();
  const cache = useCircleCache();
  const [email, setEmail] = useState("");

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) {
      toast.error("Email required", {
        description: messages.invitationEmailRequired,
      });
      return;
    }
    if (!SIMPLE_EMAIL.test(typed) || !invitationEmailField.safeParse(typed).success) {
      toast.error("Invalid email", { description: "Please enter a valid email address." });
      return;
    }
    try {
      const invitation = await create.mutateAsync({ id: circleId, email: typed });
      setEmail("");
      void cache.invitationsChanged(circleId);
      toast.success("Invitation sent", {
        description: `We emailed an invitation to ${invitation.email}.`,
      });
      onCreated(invitation);
    } catch (error) {
      toast.error("Failed to create invitation", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <div className="grid gap-4">
      {sentTo ? (
        <Alert variant="success">
          <Mail aria-hidden="true" />
          <AlertDescription>
            An invitation was emailed to <strong className="wrap-anywhere">{sentTo}</strong>.
          </AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-2">
        <Label htmlFor="share-invitation-email">
          {sentTo ? "Invite someone else" : "Email Address"}
        </Label>
        <div className="flex gap-2">
          <Input
            id="share-invitation-email"
            {...emailInput}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="name@example.com"
          />
          <Button type="submit" className="shrink-0" disabled={create.isPending}>
            {create.isPending ? "Sending..." : "Send"}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          They get an email with a link that expires in {EXPIRY_DAYS} days.
        </p>
      </form>
    </div>
  );
}
