"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { Role, RoleSet } from "@/shared/roles";

const RoleContext = createContext<Role>("viewer");

/** The signed-in account's role, read from the database with the page (app/admin/(protected)/layout.tsx). */
export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext value={role}>{children}</RoleContext>;
}

const useRole = () => useContext(RoleContext);

/**
 * Whether this account may do what a route admitting `roles` does: screens hide a button the server would
 * refuse (the server decides either way; this only keeps the screen from offering it).
 */
export function useMay(roles: RoleSet): boolean {
  return roles.includes(useRole());
}
