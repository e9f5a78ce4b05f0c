/**
 * Messages the route handlers answer with themselves (not-found ids, logout, sign-in failure). Messages a
 * service decides live beside that service; the spec's client-side texts live with their screens.
 */
export const MESSAGES = {
  prizeNotFound: "Prize not found.",
  placementNotFound: "Placement not found.",
  imageNotFound: "No such image.",
  loggedOut: "Logged out.",
  wrongCredentials: "Login failed. Please check your ID and password.",
} as const;
