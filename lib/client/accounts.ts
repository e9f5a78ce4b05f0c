/** Every call the accounts screen makes: list, create and update (any of role, is_active, password; a new password or disabling signs the account out everywhere). */

import type { CreateAccountBody, UpdateAccountBody } from "@/lib/validation/admin";
import type { AccountRow } from "@/shared/contracts/accounts";
import { adminList } from "./admin-list";

export const accountsApi = adminList<AccountRow, CreateAccountBody, UpdateAccountBody>("accounts");
