import { messages } from "@circleplan/shared/messages";
import { CircleCheck } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useSearchParams } from "wouter";
import { LogoMark } from "@/components/logo";
import { ScreenHeading } from "@/components/screen-heading";
import { ThemeSwitch } from "@/components/theme-switch";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { safeReturnTo } from "@/lib/return-to";
import { CheckEmail, type Registration } from "./check-email";
import { invitationLanding } from "./invitation-landing";
import { InvitationNote } from "./invitation-note";
import { LoginForm } from "./login-form";

// Login is the first tab for most visitors: the registration form (its country table, phone
// check and zod) downloads when its tab opens, or at once for an invitation's newcomer.
const loadRegisterForm = () => import("./register-form");
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));

type AuthTab = "login" | "register";

export function AuthScreen() {
  const [searchParams] = useSearchParams();
  const verified = searchParams.get("verified") === "true";
  const linkedTo = safeReturnTo(searchParams.get("returnTo"));
  const invitation = searchParams.has("returnTo") ? invitationLanding(linkedTo) : null;
  const returnTo = invitation?.returnTo ?? linkedTo;
  // Registering from a link (an invitation): the verification mail leads back to it.
  const registerReturnTo = searchParams.has("returnTo") ? returnTo : undefined;
  // An invitation opened signed out is most often a newcomer's: Register first, with the
  // mailed address. Back from verifying their email, they log in.
  const [tab, setTab] = useState<AuthTab>(invitation && !verified ? "register" : "login");
  const [registration, setRegistration] = useState<Registration | null>(null);
  const loginTab = useRef<HTMLButtonElement>(null);
  const screenTitle = registration ? "Check Your Email" : tab === "login" ? "Login" : "Register";

  return (
    <main className="relative flex min-h-dvh flex-col items-center bg-gradient-to-b from-accent/70 via-background to-background px-4 py-10 sm:justify-center">
      <div className="absolute top-3 right-3">
        <ThemeSwitch />
      </div>
      <div className="w-full max-w-md">
        <header className="mb-6 flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-12" />
          <ScreenHeading title={screenTitle} className="text-3xl font-bold tracking-tight">
            Circleplan
          </ScreenHeading>
          <p className="text-muted-foreground">Manage your family's schedule with ease.</p>
        </header>

        {verified && !registration ? (
          <Alert variant="success" className="mb-4">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>{messages.emailVerified}</AlertDescription>
          </Alert>
        ) : null}

        {invitation && !registration ? <InvitationNote token={invitation.token} /> : null}

        <Card>
          {registration ? (
            <CheckEmail
              registration={registration}
              onBack={() => {
                // The pressed button goes with the confirmation: the Login tab keeps the place.
                flushSync(() => {
                  setRegistration(null);
                  setTab("login");
                });
                loginTab.current?.focus();
              }}
            />
          ) : (
            <CardContent className="pt-6">
              <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
                <TabsList>
                  <TabsTrigger ref={loginTab} value="login">
                    Login
                  </TabsTrigger>
                  <TabsTrigger
                    value="register"
                    onPointerEnter={() => void loadRegisterForm()}
                    onFocus={() => void loadRegisterForm()}
                  >
                    Register
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm returnTo={returnTo} initialEmail={invitation?.email ?? undefined} />
                </TabsContent>
                <TabsContent value="register">
                  <Suspense fallback={<PageSpinner />}>
                    <RegisterForm
                      onRegistered={setRegistration}
                      returnTo={registerReturnTo}
                      initialEmail={invitation?.email ?? undefined}
                    />
                  </Suspense>
                </TabsContent>
              </Tabs>
            </CardContent>
          )}
        </Card>
      </div>
    </main>
  );
}
