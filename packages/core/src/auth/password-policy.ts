/**
 * The server's half of the password rules: the shared schema checks length and characters in
 * the form and the API alike; refusing common passwords needs the list, which stays here.
 */
import { messages } from "@circleplan/shared/messages";
import { AppError } from "../errors";
import { isCommonPassword } from "./common-passwords";

export async function assertNotCommon(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError("VALIDATION_FAILED", messages.passwordTooCommon, {
      issues: [{ path, message: messages.passwordTooCommon }],
    });
  }
}
