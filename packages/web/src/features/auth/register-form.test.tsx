/**
 * The register form's own rules (accounts spec, registration): the product's messages for an
 * empty form, the country that sets the phone's calling code and the cities offered, and the
 * phone rule shown on blur, not while typing, and the browser's clock and week offered, not
 * applied. What the server answers is tested in the API's tests; the whole sign-up in a browser
 * in accounts.e2e.test.ts.
 */
import { messages } from "@circleplan/shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { RegisterForm } from "./register-form";

function renderForm() {
  return renderWithTrpc(<RegisterForm onRegistered={vi.fn()} />, { handlers: {} });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

/** What the City field offers: its datalist's options. */
function citySuggestions(): string[] {
  const list = document.getElementById(field("City").getAttribute("list") ?? "");
  return Array.from(list?.querySelectorAll("option") ?? [], (option) => option.value);
}

/** Pat's address, password, names and gender: all but where they live. */
async function fillInPat() {
  await userEvent.type(field("Email"), "pat@example.com");
  await userEvent.type(field("Password"), "Sunny#day2024");
  await userEvent.type(field("First Name"), "Pat");
  await userEvent.type(field("Last Name"), "Rivers");
  await userEvent.click(screen.getByRole("radio", { name: "Female" }));
}

const registered = {
  message: "Registration successful. Please check your email to verify your account.",
  user: { email: "pat@example.com" },
};

describe("RegisterForm", () => {
  it("shows the product's messages for an empty form and sends nothing", async () => {
    const view = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));

    expect(
      await screen.findByText(/^(Email is required|Please enter a valid email address)$/),
    ).toBeVisible();
    expect(screen.getByText("Password must be at least 10 characters")).toBeVisible();
    expect(screen.getByText("First name is required")).toBeVisible();
    expect(screen.getByText("Last name is required")).toBeVisible();
    expect(screen.getByText("Please select your gender")).toBeVisible();
    expect(field("Email")).toHaveAttribute("aria-invalid", "true");
    expect(view.callsTo("auth.register")).toHaveLength(0);
  });

  it("takes the calling code and the cities from the country, and words the UK phone rule on blur", async () => {
    renderForm();
    await userEvent.selectOptions(field("Country"), "United Kingdom");
    const phone = field("Phone Number") as HTMLInputElement;
    expect(phone.value.trim()).toBe("+44");
    expect(citySuggestions()).toEqual(expect.arrayContaining(["London"]));
    expect(citySuggestions()).not.toContain("New York");

    await userEvent.clear(phone);
    await userEvent.type(phone, "+44 12345");
    const message = "Phone number must be 10-11 digits for the country";
    expect(screen.queryByText(message)).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText(message)).toBeVisible();
  });

  it("words the US phone rule as the spec does, and clears it once the number is whole", async () => {
    renderForm();
    await userEvent.selectOptions(field("Country"), "US");
    const phone = field("Phone Number");
    await userEvent.clear(phone);
    await userEvent.type(phone, "+1212555");
    await userEvent.tab();
    expect(await screen.findByText("Phone number must be 10 digits for the country")).toBeVisible();

    await userEvent.clear(phone);
    await userEvent.type(phone, "+12125550123");
    await userEvent.tab();
    await vi.waitFor(() => expect(screen.queryByText(/Phone number must/)).toBeNull());
  });

  it("takes a city the country's list does not hold, offering the list as suggestions", async () => {
    const view = renderWithTrpc(<RegisterForm onRegistered={vi.fn()} />, {
      handlers: { "auth.register": () => registered },
    });
    await fillInPat();
    await userEvent.selectOptions(field("Country"), "US");
    const city = field("City");
    expect(city.tagName).toBe("INPUT");
    expect(citySuggestions()).toContain("New York");
    expect(citySuggestions()).not.toContain("Portland");
    await userEvent.type(city, "Portland");
    await userEvent.type(field("Phone Number"), "5035550123");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));

    await vi.waitFor(() => expect(view.callsTo("auth.register")).toHaveLength(1));
    expect(view.callsTo("auth.register")[0]?.input).toMatchObject({
      country: "US",
      city: "Portland",
    });
  });

  it("clears the typed city when the country changes, and words a city past the bound", async () => {
    renderForm();
    await userEvent.selectOptions(field("Country"), "US");
    await userEvent.type(field("City"), "Portland");
    await userEvent.selectOptions(field("Country"), "Canada");
    expect(field("City")).toHaveValue("");
    expect(citySuggestions()).toContain("Toronto");

    await userEvent.click(field("City"));
    await userEvent.paste("P".repeat(101));
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.cityTooLong)).toBeVisible();
    expect(field("City")).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps the password hint next to the special-character rule", async () => {
    renderForm();
    await userEvent.type(field("Password"), "longenough123");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText("Password must contain at least one special character"),
    ).toBeVisible();
    expect(screen.getByText('! @ # $ % ^ & * ( ) , . ? " : { } | < >')).toBeVisible();
  });
});

describe("RegisterForm: the browser's clock and week, offered (decision 023)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Renders the form as a browser set to `language` shows it. */
  function renderIn(language: string) {
    vi.spyOn(navigator, "language", "get").mockReturnValue(language);
    return renderWithTrpc(<RegisterForm onRegistered={vi.fn()} />, {
      handlers: { "auth.register": () => registered },
    });
  }

  async function register(view: ReturnType<typeof renderIn>) {
    await fillInPat();
    await userEvent.selectOptions(field("Country"), "US");
    await userEvent.type(field("City"), "Portland");
    await userEvent.type(field("Phone Number"), "5035550123");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await vi.waitFor(() => expect(view.callsTo("auth.register")).toHaveLength(1));
    return view.callsTo("auth.register")[0]?.input as object;
  }

  const offer = () => screen.queryByRole("checkbox", { name: /^Use my browser's/ });

  it("offers an en-US browser's 12-hour clock unchecked, and registering without it sends neither preference", async () => {
    const view = renderIn("en-US");
    expect(
      screen.getByRole("checkbox", { name: "Use my browser's clock: 5:00 PM" }),
    ).not.toBeChecked();
    const sent = await register(view);
    expect(sent).not.toHaveProperty("timeFormat");
    expect(sent).not.toHaveProperty("weekStart");
  });

  it("sends what differs once the offer is taken", async () => {
    const view = renderIn("en-US");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "Use my browser's clock: 5:00 PM" }),
    );
    const sent = await register(view);
    expect(sent).toMatchObject({ timeFormat: "12h" });
    expect(sent).not.toHaveProperty("weekStart");
  });

  it("names both when both differ (en-AU), and sends both when taken", async () => {
    const view = renderIn("en-AU");
    await userEvent.click(
      screen.getByRole("checkbox", {
        name: "Use my browser's clock and week: 5:00 PM, weeks from Monday",
      }),
    );
    expect(await register(view)).toMatchObject({ timeFormat: "12h", weekStart: "monday" });
  });

  it("offers only the week to a 24-hour, Monday-first browser (en-GB)", () => {
    renderIn("en-GB");
    expect(offer()).toHaveAccessibleName("Use my browser's week: weeks from Monday");
    expect(offer()).not.toBeChecked();
  });

  it("offers nothing to a 24-hour, Sunday-first browser (pt-BR): nothing differs from the spec", async () => {
    const view = renderIn("pt-BR");
    expect(offer()).toBeNull();
    const sent = await register(view);
    expect(sent).not.toHaveProperty("timeFormat");
    expect(sent).not.toHaveProperty("weekStart");
  });
});
