import { messages } from "@circleplan/shared/messages";
import { Inbox, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { Logo } from "@/components/logo";
import { ScreenHeading } from "@/components/screen-heading";
import { ThemeSwitch } from "@/components/theme-switch";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { errorText, isNotFound } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { LinkifiedText } from "./linkified-text";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/**
 * The sandbox outbox: every mail the app would have sent. `?to=` narrows the list to one
 * recipient, which is what the "Open dev mailbox" links after registering use.
 */
export function DevMailboxScreen() {
  const [searchParams] = useSearchParams();
  const recipient = searchParams.get("to")?.trim().toLowerCase() ?? "";
  const mailbox = trpc.dev.mailbox.useQuery();
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const mails = useMemo(
    () =>
      (mailbox.data ?? [])
        .filter((mail) => !recipient || mail.to.toLowerCase() === recipient)
        .sort(
          (a, b) =>
            new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id,
        ),
    [mailbox.data, recipient],
  );
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];

  return (
    <div className="min-h-dvh">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
          <Link href="/" className="rounded-md" aria-label="Circleplan home">
            <Logo />
          </Link>
          <ThemeSwitch />
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <ScreenHeading title="Dev mailbox" className="text-2xl font-bold tracking-tight" />
            <p className="text-sm text-muted-foreground">
              {recipient ? (
                <>
                  Mail to <strong className="text-foreground">{recipient}</strong>.{" "}
                  <Link href="/dev/mailbox" className="text-primary underline underline-offset-4">
                    Show all mail
                  </Link>
                </>
              ) : (
                "Mail the app sent while in sandbox mode, newest first."
              )}
            </p>
          </div>
          <Button
            variant="outline"
            onClick={() => void mailbox.refetch()}
            disabled={mailbox.isFetching}
          >
            <RefreshCw aria-hidden="true" className={cn(mailbox.isFetching && "animate-spin")} />
            {mailbox.isFetching ? "Refreshing..." : "Refresh"}
          </Button>
        </div>

        {mailbox.isPending ? (
          <PageSpinner />
        ) : mailbox.error ? (
          isNotFound(mailbox.error) ? (
            <Alert variant="warning">
              <AlertTitle>Mailbox unavailable</AlertTitle>
              <AlertDescription>{messages.sandboxOnly}.</AlertDescription>
            </Alert>
          ) : (
            <Alert variant="destructive">
              <AlertTitle>Could not load the mailbox</AlertTitle>
              <AlertDescription className="font-mono text-xs break-words">
                {errorText(mailbox.error)}
              </AlertDescription>
            </Alert>
          )
        ) : mails.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
              <Inbox aria-hidden="true" className="size-8" />
              <p>No mail yet.</p>
            </CardContent>
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
            <nav aria-label="Mail list">
              <ul className="grid gap-2">
                {mails.map((mail) => {
                  const active = mail.id === selected?.id;
                  return (
                    <li key={mail.id}>
                      <button
                        type="button"
                        aria-current={active ? "true" : undefined}
                        onClick={() => setSelectedId(mail.id)}
                        className={cn(
                          "grid w-full cursor-pointer gap-0.5 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                          active && "border-primary bg-accent text-accent-foreground",
                        )}
                      >
                        <span className="truncate font-semibold">{mail.subject}</span>
                        <span className="truncate">{mail.to}</span>
                        <time
                          dateTime={new Date(mail.createdAt).toISOString()}
                          className="text-xs text-muted-foreground"
                        >
                          {timeFormat.format(new Date(mail.createdAt))}
                        </time>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {selected ? (
              <Card aria-labelledby="mail-subject">
                <CardHeader>
                  <CardTitle id="mail-subject">{selected.subject}</CardTitle>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">To</dt>
                    <dd className="break-all">{selected.to}</dd>
                    <dt className="text-muted-foreground">Sent</dt>
                    <dd>{timeFormat.format(new Date(selected.createdAt))}</dd>
                  </dl>
                </CardHeader>
                <CardContent className="grid gap-6">
                  <section aria-labelledby="mail-text-title" className="grid gap-2">
                    <h2 id="mail-text-title" className="text-sm font-semibold">
                      Text
                    </h2>
                    <div
                      data-testid="mail-text"
                      className="rounded-md border bg-muted/50 p-4 font-mono text-sm whitespace-pre-wrap break-words"
                    >
                      <LinkifiedText text={selected.text} />
                    </div>
                  </section>
                  <section aria-labelledby="mail-html-title" className="grid gap-2">
                    <h2 id="mail-html-title" className="text-sm font-semibold">
                      HTML
                    </h2>
                    {/* An empty sandbox runs no script and follows no link: the mail is shown, not trusted. */}
                    <iframe
                      title={`HTML version of "${selected.subject}"`}
                      sandbox=""
                      srcDoc={selected.html}
                      className="h-96 w-full rounded-md border bg-white"
                    />
                  </section>
                </CardContent>
              </Card>
            ) : null}
          </div>
        )}
      </main>
    </div>
  );
}
