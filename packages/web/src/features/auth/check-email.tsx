import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";

export interface Registration {
  email: string;
  /** The server only returns the token in sandbox mode, where the mail sits in the dev mailbox. */
  sandbox: boolean;
}

export function devMailboxHref(email: string) {
  return `${paths.devMailbox}?to=${encodeURIComponent(email)}`;
}

export function CheckEmail({
  registration,
  onBack,
}: {
  registration: Registration;
  onBack: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  // The form and its Create Account button are gone: the confirmation takes the focus.
  useEffect(() => title.current?.focus(), []);
  return (
    <>
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <CardTitle ref={title} tabIndex={-1} className="outline-none">
          Check Your Email
        </CardTitle>
        <CardDescription>
          We sent a verification link to{" "}
          <strong className="font-semibold text-foreground wrap-anywhere">
            {registration.email}
          </strong>
          . Open it to activate your account, then log in.
        </CardDescription>
      </CardHeader>
      {registration.sandbox ? (
        <CardContent>
          <Alert>
            <AlertDescription>
              Sandbox mode: no mail leaves this server.{" "}
              <Link
                href={devMailboxHref(registration.email)}
                className="font-medium text-primary underline underline-offset-4"
              >
                Open dev mailbox
              </Link>
            </AlertDescription>
          </Alert>
        </CardContent>
      ) : null}
      <CardFooter>
        <Button className="w-full" onClick={onBack}>
          Back to Login
        </Button>
      </CardFooter>
    </>
  );
}
