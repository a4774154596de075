import { describe, expect, it } from "vitest";
import {
  checkPhoneNumber,
  loginInput,
  registerInput,
  resetPasswordForm,
  resetPasswordInput,
  safeMultilineString,
  updateUserInput,
  verifyEmailInput,
} from "./auth-schemas";
import { messages } from "./messages";

const valid = {
  email: "jane.doe@example.com",
  password: "Sunny#day2024",
  firstName: "Jane",
  lastName: "Doe",
  gender: "female",
  country: "US",
  city: "New York",
  phoneNumber: "+1 2125550123",
};

/** The messages zod reports for one field of an input. */
function messagesFor(
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
  field: string,
) {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.join(".") === field)
    .map((issue) => issue.message);
}

describe("registerInput", () => {
  it("accepts a complete, valid registration", () => {
    expect(registerInput.safeParse(valid).success).toBe(true);
  });

  describe("email", () => {
    it.each([
      ["a@b.c", null],
      ["a@b", messages.emailTooShort],
      ["", messages.emailRequired],
      [`${"x".repeat(90)}@example.com`, messages.emailTooLong],
      ["no-at-sign.example.com", messages.emailInvalid],
      ["two@@example.com", messages.emailInvalid],
      ["a@b@example.com", messages.emailInvalid],
      ["@example.com", messages.emailInvalid],
      ["jane@example", messages.emailInvalid],
      ["jane doe@example.com", messages.emailInvalid],
    ])("%s → %s", (email, expected) => {
      const found = messagesFor(registerInput, { ...valid, email }, "email");
      if (expected === null) expect(found).toEqual([]);
      else expect(found).toContain(expected);
    });

    it("allows exactly 5 and exactly 100 characters", () => {
      expect(messagesFor(registerInput, { ...valid, email: "a@b.c" }, "email")).toEqual([]);
      const hundred = `${"x".repeat(88)}@example.com`;
      expect(hundred).toHaveLength(100);
      expect(messagesFor(registerInput, { ...valid, email: hundred }, "email")).toEqual([]);
      expect(messagesFor(registerInput, { ...valid, email: `x${hundred}` }, "email")).toContain(
        messages.emailTooLong,
      );
    });
  });

  describe("password", () => {
    it.each([
      ["Abcdefgh1!", null],
      ["Abcdefg1!", messages.passwordTooShort],
      ["Abcdefghij!", messages.passwordNeedsNumber],
      ["Abcdefghij1", messages.passwordNeedsSpecial],
      ["abcdefghi1-", messages.passwordNeedsSpecial],
    ])("%s → %s", (password, expected) => {
      const found = messagesFor(registerInput, { ...valid, password }, "password");
      if (expected === null) expect(found).toEqual([]);
      else expect(found).toContain(expected);
    });

    it.each([
      "!",
      "@",
      "#",
      "$",
      "%",
      "^",
      "&",
      "*",
      "(",
      ")",
      ",",
      ".",
      "?",
      '"',
      ":",
      "{",
      "}",
      "|",
      "<",
      ">",
    ])("counts %s as a special character", (special) => {
      expect(
        messagesFor(registerInput, { ...valid, password: `abcdefghi1${special}` }, "password"),
      ).toEqual([]);
    });
  });

  describe("names", () => {
    it.each([
      ["firstName", "", messages.firstNameRequired],
      ["lastName", "", messages.lastNameRequired],
      ["firstName", "x".repeat(51), messages.firstNameTooLong],
      ["lastName", "x".repeat(51), messages.lastNameTooLong],
      ["firstName", "J4ne", messages.firstNameChars],
      ["lastName", "Doe_Smith", messages.lastNameChars],
    ])("%s %j → %s", (field, value, expected) => {
      expect(messagesFor(registerInput, { ...valid, [field]: value }, field)).toContain(expected);
    });

    it.each(["Mary Jane", "O'Brien", "Smith-Jones", "Zoë", "José", "x".repeat(50)])(
      "accepts %s",
      (name) => {
        expect(messagesFor(registerInput, { ...valid, firstName: name }, "firstName")).toEqual([]);
      },
    );
  });

  it("requires gender male or female", () => {
    expect(messagesFor(registerInput, { ...valid, gender: "" }, "gender")).toContain(
      messages.genderRequired,
    );
    expect(messagesFor(registerInput, { ...valid, gender: undefined }, "gender")).toContain(
      messages.genderRequired,
    );
    expect(messagesFor(registerInput, { ...valid, gender: "male" }, "gender")).toEqual([]);
  });

  it("requires country, city and phone number", () => {
    expect(messagesFor(registerInput, { ...valid, country: "" }, "country")).toContain(
      messages.countryRequired,
    );
    expect(messagesFor(registerInput, { ...valid, city: "" }, "city")).toContain(
      messages.cityRequired,
    );
    expect(messagesFor(registerInput, { ...valid, phoneNumber: "" }, "phoneNumber")).toContain(
      messages.phoneRequired,
    );
  });

  it("refuses an unknown country", () => {
    expect(messagesFor(registerInput, { ...valid, country: "XX" }, "country")).toContain(
      messages.countryRequired,
    );
  });

  it("takes a city no list holds, in any country (a family was turned away by the list)", () => {
    for (const [country, city, phoneNumber] of [
      ["US", "Portland", valid.phoneNumber],
      ["US", "St. Louis", valid.phoneNumber],
      ["FR", "Saint-Étienne", "+33 1234567890"],
      ["IE", "Dún Laoghaire", "+353 123456789"],
      ["US", "Winston-Salem", valid.phoneNumber],
    ]) {
      const parsed = registerInput.safeParse({ ...valid, country, city, phoneNumber });
      expect(parsed.error?.issues ?? [], `${country} ${city}`).toEqual([]);
    }
    expect(registerInput.parse({ ...valid, city: "  Portland " }).city).toBe("Portland");
  });

  it("bounds the city and keeps it to a name's characters", () => {
    expect(messagesFor(registerInput, { ...valid, city: "P".repeat(101) }, "city")).toEqual([
      messages.cityTooLong,
    ]);
    expect(messagesFor(registerInput, { ...valid, city: "P".repeat(100) }, "city")).toEqual([]);
    expect(messagesFor(registerInput, { ...valid, city: "x".repeat(100_000) }, "city")).toEqual([
      messages.textTooLong,
    ]);
    for (const control of ["Port\u0000land", "Port\nland", "Port\u0007land"]) {
      expect(messagesFor(registerInput, { ...valid, city: control }, "city")).toEqual([
        messages.invalidText,
      ]);
    }
    expect(messagesFor(registerInput, { ...valid, city: "Port\u202Eland" }, "city")).toEqual([
      messages.cityChars,
    ]);
    expect(messagesFor(registerInput, { ...valid, city: "<script>" }, "city")).toEqual([
      messages.cityChars,
    ]);
    // Real towns with digits, brackets and commas.
    for (const city of ["Frankfurt (Oder)", "100 Mile House", "Washington, D.C."]) {
      expect(messagesFor(registerInput, { ...valid, city }, "city")).toEqual([]);
    }
  });
});

describe("checkPhoneNumber", () => {
  it.each([
    ["US", "+1 2125550123", null],
    ["US", "+1 (212) 555-0123", null],
    ["US", "+1 212555012", "Phone number must be 10 digits for the country"],
    ["CA", "+1 41655501234", "Phone number must be 10 digits for the country"],
    ["GB", "+44 2079460958", null],
    ["GB", "+44 20794609581", null],
    ["GB", "+44 207946095", "Phone number must be 10-11 digits for the country"],
    ["AU", "+61 212345678", null],
    ["AU", "+61 2123456789", "Phone number must be 9 digits for the country"],
    ["IN", "+91 98765432", "Phone number must be 10 digits for the country"],
    ["DE", "+49 301234567890", null],
    ["DE", "+49 301234567", "Phone number must be 10-12 digits for the country"],
    ["FR", "+33 612345678", "Phone number must be 10 digits for the country"],
    ["CN", "+86 13912345678", null],
    ["JP", "+81 9012345678", null],
    ["SG", "+65 81234567", null],
    ["SG", "+65 812345678", "Phone number must be 8 digits for the country"],
    ["US", "", messages.phoneRequired],
    ["US", "2125550123", `${messages.phoneCallingCode} (+1)`],
    ["US", "+44 2125550123", `${messages.phoneCallingCode} (+1)`],
    // Without the space after the calling code: still the country's code and its number.
    ["US", "+12125550123", null],
    ["US", "+1(212)555-0123", null],
    ["US", "+1212555012", "Phone number must be 10 digits for the country"],
    ["GB", "+442079460958", null],
    ["US", "+1", "Phone number must be 10 digits for the country"],
    ["US", "+4412125550123", `${messages.phoneCallingCode} (+1)`],
    // With a space, what precedes it is the code: +12 is not +1 followed by a 2.
    ["US", "+12 125550123", `${messages.phoneCallingCode} (+1)`],
  ])("%s %s → %s", (country, phone, expected) => {
    expect(checkPhoneNumber(country, phone)).toBe(expected);
  });
});

describe("loginInput", () => {
  it("only requires the fields", () => {
    expect(messagesFor(loginInput, { email: "x", password: "" }, "password")).toEqual([
      messages.passwordRequired,
    ]);
    expect(messagesFor(loginInput, { email: "", password: "x" }, "email")).toEqual([
      messages.emailRequired,
    ]);
    expect(loginInput.safeParse({ email: "anything", password: "short" }).success).toBe(true);
  });
});

describe("reset password", () => {
  it("needs a 6-digit code", () => {
    for (const otp of ["12345", "1234567", "12345a", ""]) {
      expect(
        messagesFor(
          resetPasswordInput,
          { email: valid.email, otp, newPassword: valid.password },
          "otp",
        ),
      ).toEqual([messages.otpInvalid]);
    }
    expect(
      resetPasswordInput.safeParse({
        email: valid.email,
        otp: "012345",
        newPassword: valid.password,
      }).success,
    ).toBe(true);
  });

  it("applies the registration password rules to the new password", () => {
    expect(
      messagesFor(
        resetPasswordInput,
        { email: valid.email, otp: "123456", newPassword: "abc" },
        "newPassword",
      ),
    ).toContain(messages.passwordTooShort);
  });

  it("checks the confirmation matches", () => {
    const form = { otp: "123456", newPassword: valid.password, confirmPassword: "Different#123" };
    expect(messagesFor(resetPasswordForm, form, "confirmPassword")).toEqual([
      messages.passwordsDontMatch,
    ]);
    expect(resetPasswordForm.safeParse({ ...form, confirmPassword: valid.password }).success).toBe(
      true,
    );
  });
});

describe("verifyEmailInput and updateUserInput", () => {
  it("needs a token", () => {
    expect(messagesFor(verifyEmailInput, {}, "token")).toEqual([messages.verificationTokenMissing]);
    expect(messagesFor(verifyEmailInput, { token: " " }, "token")).toEqual([
      messages.verificationTokenMissing,
    ]);
  });

  it("validates profile names and email like registration", () => {
    expect(
      messagesFor(
        updateUserInput,
        { firstName: "", lastName: "Doe", email: valid.email },
        "firstName",
      ),
    ).toEqual([messages.firstNameRequired]);
    expect(
      messagesFor(updateUserInput, { firstName: "Jane", lastName: "Doe", email: "bad" }, "email"),
    ).toContain(messages.emailTooShort);
  });

  it("takes any one profile field on its own, and refuses a body that names none", () => {
    expect(updateUserInput.parse({ timeZone: "Asia/Tokyo" })).toEqual({ timeZone: "Asia/Tokyo" });
    expect(updateUserInput.parse({ firstName: " Ann " })).toEqual({ firstName: "Ann" });
    for (const nothing of [{}, undefined, { currentPassword: "Sunny#day2024" }, "Ann"]) {
      expect(messagesFor(updateUserInput, nothing, ""), JSON.stringify(nothing)).toEqual([
        messages.nothingToUpdate,
      ]);
    }
    expect(messagesFor(updateUserInput, { lastName: null }, "lastName")).toEqual([
      messages.lastNameRequired,
    ]);
  });
});

describe("safeMultilineString", () => {
  const text = safeMultilineString({ max: 50, tooLong: "too long" });
  it("keeps line breaks and tabs, as plain line feeds", () => {
    expect(text.parse("first\r\nsecond\rthird\u2028fourth\tend")).toBe(
      "first\nsecond\nthird\nfourth\tend",
    );
  });
  it("still refuses other control characters and broken UTF-16", () => {
    for (const bad of ["a\u0000b", "bell\u0007", "esc\u001b", "del\u007f", "lone\ud800"]) {
      expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
