/** Faker factories for accounts: valid by default, overridable field by field. */
import { faker } from "@faker-js/faker";

const NAME_SAFE = /^[\p{L}' -]+$/u;
const safeName = (make: () => string, fallback: string) => {
  const value = make();
  return NAME_SAFE.test(value) && value.length <= 50 ? value : fallback;
};

export interface RegistrationData {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gender: "male" | "female";
  country: string;
  city: string;
  phoneNumber: string;
}

export function buildRegistration(overrides: Partial<RegistrationData> = {}): RegistrationData {
  const firstName = safeName(() => faker.person.firstName(), "Alex");
  const lastName = safeName(() => faker.person.lastName(), "Morgan");
  return {
    email: faker.internet
      .email({ firstName, lastName, provider: "example.com" })
      .toLowerCase()
      .replace(/[^a-z0-9@._-]/g, "")
      .replace("@", `.${faker.string.alphanumeric(6).toLowerCase()}@`),
    password: `${faker.internet.password({ length: 12, memorable: false, pattern: /[a-zA-Z]/ })}7!`,
    firstName,
    lastName,
    gender: faker.helpers.arrayElement(["male", "female"] as const),
    country: "US",
    city: "New York",
    phoneNumber: `+1 ${faker.string.numeric({ length: 10, allowLeadingZeros: false })}`,
    ...overrides,
  };
}
