import { checkPhoneNumber, registerInput } from "@circleplan/shared/auth-schemas";
import { countries, findCountry, splitPhoneNumber } from "@circleplan/shared/countries";
import { GENDERS } from "@circleplan/shared/limits";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import {
  emailInput,
  NEW_PASSWORD_HINT,
  newPasswordInput,
  TextField,
} from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { browserLocaleOffer, type LocaleOffer } from "@/lib/locale-preferences";
import { browserTimeZone } from "@/lib/time-zones";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import type { Registration } from "./check-email";

type RegisterValues = z.input<typeof registerInput>;

const fieldNames = [
  "email",
  "password",
  "firstName",
  "lastName",
  "gender",
  "country",
  "city",
  "phoneNumber",
] as const satisfies readonly (keyof RegisterValues)[];

const genderLabels: Record<(typeof GENDERS)[number], string> = { male: "Male", female: "Female" };

/** "Use my browser's clock and week: 5:00 PM, weeks from Monday", naming only what differs. */
function offerLabel(offer: LocaleOffer): string {
  const parts = [
    offer.timeFormat ? { what: "clock", shows: "5:00 PM" } : null,
    offer.weekStart ? { what: "week", shows: "weeks from Monday" } : null,
  ].filter((part) => part !== null);
  const what = parts.map((part) => part.what).join(" and ");
  return `Use my browser's ${what}: ${parts.map((part) => part.shows).join(", ")}`;
}

const schemaResolver = zodResolver(registerInput);

/**
 * The schema checks the phone number only once every other field is valid (a zod object
 * refinement), so the rule is also run on its own: the phone message shows together with the
 * others instead of appearing on a second submit.
 */
const resolver: typeof schemaResolver = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (result.errors.phoneNumber || !values.country) return result;
  const problem = checkPhoneNumber(values.country, values.phoneNumber ?? "");
  if (!problem) return result;
  return {
    values: {},
    errors: { ...result.errors, phoneNumber: { type: "phone", message: problem } },
  };
};

export function RegisterForm({
  onRegistered,
  returnTo,
  initialEmail = "",
}: {
  onRegistered: (r: Registration) => void;
  /** Where the verification link leads after signing in; the dashboard when absent. */
  returnTo?: string | undefined;
  /** The address an invitation was mailed to, when its link led here. */
  initialEmail?: string | undefined;
}) {
  const registerUser = trpc.auth.register.useMutation();
  // Offered, never applied unasked: the spec's 24-hour clock and Sunday weeks until taken.
  const [localeOffer] = useState(() => browserLocaleOffer());
  const [takeLocale, setTakeLocale] = useState(false);
  const form = useForm<RegisterValues, unknown, z.output<typeof registerInput>>({
    resolver,
    defaultValues: {
      email: initialEmail,
      password: "",
      firstName: "",
      lastName: "",
      country: "",
      city: "",
      phoneNumber: "",
    },
  });
  const { errors } = form.formState;
  const countryCode = useWatch({ control: form.control, name: "country" });
  const cities = findCountry(countryCode ?? "")?.cities ?? [];

  const onCountryChange = (code: string) => {
    const country = findCountry(code);
    const validate = form.formState.isSubmitted;
    form.setValue("city", "", { shouldValidate: validate });
    if (!country) return;
    // Keep digits the person already typed; only the calling code follows the country.
    const digits = splitPhoneNumber(form.getValues("phoneNumber") ?? "")?.digits ?? "";
    form.setValue("phoneNumber", `${country.phoneCode} ${digits}`, { shouldValidate: validate });
  };

  const onPhoneBlur = () => {
    const phone = (form.getValues("phoneNumber") ?? "").trim();
    const callingCode = findCountry(form.getValues("country") ?? "")?.phoneCode;
    // A field that only holds the prefilled calling code has not been answered yet.
    const answered = phone !== "" && phone !== callingCode;
    if (answered || form.formState.errors.phoneNumber) void form.trigger("phoneNumber");
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await registerUser.mutateAsync({
        ...values,
        timeZone: browserTimeZone(),
        ...(localeOffer && takeLocale ? localeOffer : {}),
        ...(returnTo ? { returnTo } : {}),
      });
      onRegistered({
        email: result.user.email,
        sandbox: Boolean(result.dev_verification_token),
      });
    } catch (error) {
      applyServerIssues(error, fieldNames, form.setError);
      toast.error("Registration Failed", {
        description: serverMessage(error, "An error occurred during registration"),
      });
    }
  });

  const genderError = errors.gender?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        form={form}
        name="email"
        id="register-email"
        label="Email"
        {...emailInput}
        placeholder="you@example.com"
      />
      <TextField
        form={form}
        name="password"
        id="register-password"
        label="Password"
        hint={NEW_PASSWORD_HINT}
        {...newPasswordInput}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="firstName"
          id="register-first-name"
          label="First Name"
          autoComplete="given-name"
        />
        <TextField
          form={form}
          name="lastName"
          id="register-last-name"
          label="Last Name"
          autoComplete="family-name"
        />
      </div>

      <fieldset
        className="grid gap-2"
        aria-describedby={genderError ? "register-gender-error" : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Gender</legend>
        <div className="grid grid-cols-2 gap-2">
          {GENDERS.map((gender) => (
            <label
              key={gender}
              htmlFor={`register-gender-${gender}`}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring",
                genderError && "border-destructive-text",
              )}
            >
              <input
                id={`register-gender-${gender}`}
                type="radio"
                value={gender}
                aria-invalid={Boolean(genderError)}
                className="size-4 accent-primary focus-visible:outline-none"
                {...form.register("gender")}
              />
              {genderLabels[gender]}
            </label>
          ))}
        </div>
        <FieldError id="register-gender-error" message={genderError} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-country" label="Country" error={errors.country?.message}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register("country", { onChange: (e) => onCountryChange(e.target.value) })}
              autoComplete="country"
            >
              <option value="">Select a country</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {/* Typed, with the country's cities offered: a town no list holds still registers. */}
        <Field id="register-city" label="City" error={errors.city?.message}>
          {(control) => (
            <>
              <Input
                {...control}
                {...form.register("city")}
                list="register-city-suggestions"
                autoComplete="address-level2"
              />
              <datalist id="register-city-suggestions">
                {cities.map((city) => (
                  <option key={city} value={city} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>

      <Field
        id="register-phone"
        label="Phone Number"
        error={errors.phoneNumber?.message}
        hint="Calling code, a space, then your number, e.g. +1 2125550123."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register("phoneNumber", { onBlur: onPhoneBlur })}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+1 2125550123"
          />
        )}
      </Field>

      {localeOffer ? (
        <div className="flex items-start gap-2 text-sm">
          <input
            id="register-browser-locale"
            type="checkbox"
            checked={takeLocale}
            onChange={(change) => setTakeLocale(change.target.checked)}
            aria-describedby="register-browser-locale-hint"
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="grid gap-0.5">
            <label htmlFor="register-browser-locale" className="cursor-pointer">
              {offerLabel(localeOffer)}
            </label>
            <p id="register-browser-locale-hint" className="text-muted-foreground">
              You can change this on your profile.
            </p>
          </div>
        </div>
      ) : null}

      <Button type="submit" className="w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
