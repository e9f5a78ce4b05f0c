import type { Role } from "@/shared/roles";

/** An admin account as GET /api/admin/accounts/ lists it (never its password hash). */
export type AccountRow = {
  id: number;
  name: string;
  role: Role;
  is_active: boolean;
  last_sign_in_at: string | null;
  created_at: string;
};
