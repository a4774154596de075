/**
 * What deleting one's account and downloading one's data take (docs/decisions/014). The Account
 * tab's dialog and the server validate with these objects.
 */
import * as z from "zod";
import { currentPasswordField } from "./auth-schemas";
import { messages } from "./messages";

/** `POST /api/user/delete`: the account's password, checked like a sign-in. */
export const deleteAccountInput = z.object({
  password: currentPasswordField.describe("The account's password, to confirm"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/**
 * Where a page of the export starts: a section and the last id the page before it held
 * (`plans.4812`). The server writes it into `nextPage`; clients hand it back unread.
 */
export const DATA_EXPORT_SECTIONS = ["circles", "plans"] as const;
export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];

export const dataExportPageField = z
  .string({ error: messages.dataExportPageInvalid })
  .max(40, { error: messages.dataExportPageInvalid })
  .regex(/^(circles|plans)\.\d{1,10}$/, { error: messages.dataExportPageInvalid })
  .describe("The `nextPage` of the page before, handed back as it came; absent: the first page");

/** `GET /api/user/export[?page=…]`: the first page without `page`, then each `nextPage` in turn. */
export const dataExportInput = z.object({ page: dataExportPageField.optional() }).optional();
export type DataExportInput = z.infer<typeof dataExportInput>;
