import { ROLES } from "@/shared/roles";
import { z } from "./zod";

/** The sign-in call's success message; the form checks for exactly this text (spec §5). */
export const LOGIN_SUCCESSFUL = "Login successful";

/** The sign-in form and POST /api/admin/login/ share this schema, and so the spec's messages. */
export const loginBody = z.object({
  name: z
    .string({ error: "validation.login.idRequired" })
    .trim()
    .min(1, "validation.login.idRequired")
    .max(150, "validation.login.idTooLong"),
  password: z
    .string({ error: "validation.login.passwordRequired" })
    .min(1, "validation.login.passwordRequired")
    .max(200, "validation.login.passwordTooLong"),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Creating an admin or changing a password (CLI and ADMIN_* at start-up). */
export const adminCredentials = z.object({
  name: z.string().trim().min(1, "validation.account.nameRequired").max(150, "validation.account.nameTooLong"),
  password: z.string().min(8, "validation.account.passwordTooShort").max(200, "validation.account.passwordTooLong"),
});
export type AdminCredentials = z.infer<typeof adminCredentials>;

const roleField = z.enum(ROLES, { error: "validation.account.role" });

/** POST /api/admin/accounts/ and the accounts screen's "new account" form. */
export const createAccountBody = adminCredentials.extend({ role: roleField });
export type CreateAccountBody = z.infer<typeof createAccountBody>;

/** PATCH /api/admin/accounts/{id}/: any of role, is_active, password (at least one). */
export const updateAccountBody = z
  .object({
    role: roleField.optional(),
    is_active: z.boolean({ error: "validation.account.trueOrFalse" }).optional(),
    password: adminCredentials.shape.password.optional(),
  })
  .strict()
  .refine((body) => body.role !== undefined || body.is_active !== undefined || body.password !== undefined, {
    message: "validation.account.nothingToChange",
  });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** The accounts screen's "set a new password" form: the password rule of PATCH /api/admin/accounts/{id}/. */
export const resetPasswordBody = z.object({ password: adminCredentials.shape.password });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
