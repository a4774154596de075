import { type UpdateUserInput, updateUserInput } from "@circleplan/shared/auth-schemas";
import { screenClock } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSearchParams } from "wouter";
import { ScreenHeading } from "@/components/screen-heading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { PageSpinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { emailInput, TextField } from "@/components/ui/text-field";
import { CalendarSubscriptionCard } from "@/features/calendar-feeds/calendar-subscription-card";
import { NotificationsCard } from "@/features/notifications/notifications-card";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { useCurrentUser } from "@/lib/session";
import { timeZoneOptions } from "@/lib/time-zones";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { ChangePasswordCard } from "./change-password-card";
import { DataExportCard } from "./data-export-card";
import { DeleteAccountCard } from "./delete-account-card";
import { ProfilePhotoCard } from "./profile-photo-card";
import { SessionsCard } from "./sessions-card";

type PublicUser = NonNullable<ReturnType<typeof useCurrentUser>["user"]>;

const TABS = ["profile", "account", "notifications"] as const;

export function ProfileScreen() {
  const { user } = useCurrentUser();
  // `?tab=notifications`: where an unsubscribe page and a reminder mail send people.
  const [searchParams] = useSearchParams();
  const tab = TABS.find((name) => name === searchParams.get("tab")) ?? "profile";
  if (!user) return <PageSpinner />;
  return (
    <section aria-labelledby="profile-title" className="mx-auto w-full max-w-2xl">
      <ScreenHeading
        id="profile-title"
        title="Profile"
        className="mb-4 text-2xl font-bold tracking-tight"
      />
      <Tabs defaultValue={tab}>
        <TabsList className="max-w-sm">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="grid gap-4">
          <ProfilePhotoCard user={user} />
          <ProfileForm user={user} />
        </TabsContent>
        <TabsContent value="account" className="grid gap-4">
          <ChangePasswordCard email={user.email} />
          <SessionsCard />
          <CalendarSubscriptionCard />
          <DataExportCard />
          <DeleteAccountCard email={user.email} />
        </TabsContent>
        <TabsContent value="notifications" className="grid gap-4">
          <NotificationsCard timeZone={user.timeZone} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

/**
 * Whether saving would ask for a new address, which the server only does with the current
 * password. It compares as the server does (trimmed, lower-cased); re-entering the address
 * already waiting for confirmation asks for nothing new.
 */
function changesEmail(email: string | undefined, saved: PublicUser): boolean {
  const typed = (email ?? "").trim().toLowerCase();
  return typed !== saved.email && typed !== saved.pendingEmail;
}

const schemaResolver = zodResolver(updateUserInput);

function ProfileForm({ user }: { user: PublicUser }) {
  const utils = trpc.useUtils();
  const update = trpc.user.update.useMutation();
  // The resolver is fixed when the form is made; the saved user changes after each save.
  const saved = useRef(user);
  saved.current = user;

  /** The shared schema, plus the password being required exactly when the email changes. */
  const resolver: typeof schemaResolver = async (values, context, options) => {
    const changing = changesEmail(values.email, saved.current);
    const currentPassword = changing ? values.currentPassword || undefined : undefined;
    const result = await schemaResolver({ ...values, currentPassword }, context, options);
    if (!changing || currentPassword) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        currentPassword: { type: "required", message: messages.currentPasswordRequired },
      },
    };
  };

  const form = useForm<UpdateUserInput>({
    resolver,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: "",
      timeZone: user.timeZone,
      // Not chosen yet: the clock the screens show, the spec's 24-hour.
      timeFormat: screenClock(user.timeFormat),
      weekStart: user.weekStart,
    },
  });
  const email = useWatch({ control: form.control, name: "email" });
  const askPassword = changesEmail(email, user);

  const onSubmit = form.handleSubmit(async ({ timeFormat, weekStart, ...values }) => {
    // A clock or week sent is a choice: sent only when the person changed it, so saving a new
    // name leaves a clock not chosen as it was (decision 023).
    const shown = saved.current;
    try {
      const updated = await update.mutateAsync({
        ...values,
        ...(timeFormat !== screenClock(shown.timeFormat) ? { timeFormat } : {}),
        ...(weekStart !== shown.weekStart ? { weekStart } : {}),
      });
      utils.auth.user.setData(undefined, updated);
      form.reset({
        firstName: updated.firstName,
        lastName: updated.lastName,
        email: updated.email,
        currentPassword: "",
        timeZone: updated.timeZone,
        timeFormat: screenClock(updated.timeFormat),
        weekStart: updated.weekStart,
      });
      toast.success("Profile updated", {
        description: updated.pendingEmail
          ? `A confirmation link was sent to ${updated.pendingEmail}.`
          : "Your changes have been saved.",
      });
    } catch (error) {
      applyServerIssues(
        error,
        [
          "firstName",
          "lastName",
          "email",
          "currentPassword",
          "timeZone",
          "timeFormat",
          "weekStart",
        ],
        form.setError,
      );
      toast.error("Failed to update profile", {
        description: serverMessage(error, "Please try again."),
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal information</CardTitle>
        <CardDescription>How other members of your circles see you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="firstName"
              id="profile-first-name"
              label="First Name"
              autoComplete="given-name"
            />
            <TextField
              form={form}
              name="lastName"
              id="profile-last-name"
              label="Last Name"
              autoComplete="family-name"
            />
          </div>
          <TextField form={form} name="email" id="profile-email" label="Email" {...emailInput} />
          {askPassword ? (
            <TextField
              form={form}
              name="currentPassword"
              id="profile-current-password"
              label="Current password"
              type="password"
              autoComplete="current-password"
              hint="Changing your email needs your password, so nobody else can take your account."
            />
          ) : null}
          <Field
            id="profile-time-zone"
            label="Time zone"
            hint="Your days, reminders and morning digest follow this zone."
            error={form.formState.errors.timeZone?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register("timeZone")}>
                {timeZoneOptions(user.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {/* How times and weeks read on every screen, in mails and notifications (issue 21). */}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="profile-time-format"
              label="Time format"
              error={form.formState.errors.timeFormat?.message}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register("timeFormat")}>
                  <option value="24h">24-hour (17:00)</option>
                  <option value="12h">12-hour (5:00 PM)</option>
                </NativeSelect>
              )}
            </Field>
            <Field
              id="profile-week-start"
              label="Week starts on"
              error={form.formState.errors.weekStart?.message}
            >
              {(control) => (
                <NativeSelect {...control} {...form.register("weekStart")}>
                  <option value="sunday">Sunday</option>
                  <option value="monday">Monday</option>
                </NativeSelect>
              )}
            </Field>
          </div>
          {user.pendingEmail ? (
            <Alert>
              <MailCheck aria-hidden="true" />
              <AlertDescription>
                A confirmation link was sent to{" "}
                <strong className="font-semibold wrap-anywhere">{user.pendingEmail}</strong>. Your
                email changes once you open it.
              </AlertDescription>
            </Alert>
          ) : null}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
