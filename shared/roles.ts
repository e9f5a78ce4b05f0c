import { type Text, text } from "@/shared/i18n/text";

/**
 * Who may do what (server-behaviour.md, "Accounts, roles and the audit log"). Every admin route names one
 * of these sets in its `route({ access: "admin", roles })` call, and the sidebar and screens read the same
 * sets, so a screen is offered exactly to the roles its calls admit.
 */
export const ROLES = ["owner", "manager", "desk", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export type RoleSet = readonly Role[];

/** Any signed-in account: who am I, sign-out. */
export const ANY_ROLE: RoleSet = ROLES;
/** Reading the admin screens, lists and exports. */
export const READ_ROLES: RoleSet = ["owner", "manager", "viewer"];
/** Changing products, prizes, placements, winners and settings. */
export const WRITE_ROLES: RoleSet = ["owner", "manager"];
/**
 * The prize desk's reads: find a winner. The desk's answer is narrowed to the code the visitor shows and
 * carries no code (app/api/winners/route.ts); the winners screen, a list of everyone, is not the desk's.
 */
export const DESK_READ_ROLES: RoleSet = ["owner", "manager", "desk", "viewer"];
/** The prize desk's writes: mark and cancel received, reinstate an expired win. */
export const DESK_ROLES: RoleSet = ["owner", "manager", "desk"];
/** The audit log. */
export const AUDIT_ROLES: RoleSet = ["owner", "manager"];
/** Accounts and their roles. */
export const ACCOUNT_ROLES: RoleSet = ["owner"];
/** Starting a new event: its archive and the reset that wipes the winners (server-behaviour.md, "A new event"). */
export const NEW_EVENT_ROLES: RoleSet = ["owner"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The refusal of a call the role may not make: English names the role's id, Korean its name. */
export const roleCannot = (role: Role): Text => text("errors.auth.roleCannot", { role });

/** The admin screens, and who may open each: the sidebar shows, and a screen renders, only for these. */
export const SCREEN_ROLES = {
  "/admin/dashboard": READ_ROLES,
  "/admin/products": READ_ROLES,
  "/admin/prizes": READ_ROLES,
  "/admin/import": WRITE_ROLES,
  "/admin/winners": READ_ROLES,
  "/admin/distributions": READ_ROLES,
  "/admin/desk": DESK_ROLES,
  // Every account reads its events (the header's switcher lists them too); owners and managers change them.
  "/admin/events": ANY_ROLE,
  "/admin/settings": READ_ROLES,
  "/admin/audit": AUDIT_ROLES,
  "/admin/accounts": ACCOUNT_ROLES,
  // Receivers get the event's winners as it runs: set up by those who change the event, like the settings.
  "/admin/webhooks": WRITE_ROLES,
  // The API's description is public (GET /api/openapi.json), but its screen is for those who read the
  // event's data and connect it elsewhere: a desk volunteer's menu stays the desk alone.
  "/admin/api": READ_ROLES,
} as const satisfies Record<string, RoleSet>;
export type AdminScreen = keyof typeof SCREEN_ROLES;

export const mayOpen = (role: Role, screen: AdminScreen) => SCREEN_ROLES[screen].includes(role);

/** Where a role lands after signing in: the first screen it may open. */
export function homeScreen(role: Role): AdminScreen {
  return role === "desk" ? "/admin/desk" : "/admin/dashboard";
}
