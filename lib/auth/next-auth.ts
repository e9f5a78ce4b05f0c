import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getConfig } from "@/lib/config";
import { organiserDb } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { describeError, log } from "@/lib/log";
import { openSession, SESSION_SECONDS } from "@/lib/services/auth/sessions";
import { loginBody } from "@/lib/validation/admin";

const isCredentialsSignin = (error: unknown) => (error as { type?: unknown } | undefined)?.type === "CredentialsSignin";

declare module "next-auth" {
  interface User {
    sessionId?: string;
  }
  interface Session {
    sessionId?: string;
  }
}

/**
 * next-auth keeps the signed, encrypted session cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS).
 * Credentials sign-in only supports JWT sessions, so the JWT carries our own `admin_sessions` id and every
 * request checks that row (lib/auth/session.ts): logging out revokes the row and the cookie dies with it.
 * The configuration is built lazily because the secret comes from lib/config (generated in embedded mode).
 */
export const { auth, signIn, signOut } = NextAuth(() => ({
  secret: getConfig().authSecret,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_SECONDS },
  pages: { signIn: "/admin/login" },
  logger: {
    // A wrong password is an expected outcome, answered 400 and counted for throttling: not an error to log.
    // Compared by `type`, a string next-auth sets on its errors: the production build minifies class names.
    error(error) {
      if (isCredentialsSignin(error) || isCredentialsSignin((error.cause as { err?: unknown } | undefined)?.err)) return;
      log("error", "Sign-in machinery failed", describeError(error, true));
    },
    warn(code) {
      log("warn", "next-auth warning", { code });
    },
  },
  providers: [
    Credentials({
      credentials: { name: {}, password: {} },
      async authorize(credentials) {
        const { address, ...typed } = credentials as Record<string, unknown>;
        const parsed = loginBody.safeParse(typed);
        if (!parsed.success) throw new CredentialsSignin();
        // The login route passes the client's address for the audit row; there is no public next-auth
        // endpoint (no app/api/auth route), so only our own server-side signIn() reaches this.
        const ctx = { db: organiserDb(), eventId: defaultEventId(), address: typeof address === "string" ? address : undefined };
        const admin = await openSession({ ctx, input: parsed.data });
        if (!admin) throw new CredentialsSignin();
        return { id: String(admin.id), name: admin.name, sessionId: admin.sessionId };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.sessionId) token.sessionId = user.sessionId;
      return token;
    },
    session({ session, token }) {
      return { ...session, sessionId: typeof token.sessionId === "string" ? token.sessionId : undefined };
    },
  },
}));
