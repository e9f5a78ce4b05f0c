import { text } from "@/shared/i18n/text";

/**
 * Messages the route handlers answer with themselves (not-found ids, logout, sign-in failure), as keys of
 * messages/*.json said in the caller's language. Messages a service decides live beside that service.
 */
export const MESSAGES = {
  prizeNotFound: text("errors.prizes.notFound"),
  placementNotFound: text("errors.placements.notFound"),
  imageNotFound: text("errors.images.notFound"),
  loggedOut: text("errors.login.loggedOut"),
  wrongCredentials: text("errors.login.wrongCredentials"),
} as const;
