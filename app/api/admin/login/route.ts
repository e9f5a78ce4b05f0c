// POST /api/admin/login - sign in with {name, password}; 200 {message}, 400 {error}, 429 {error}
import { CredentialsSignin } from "next-auth";
import { clientAddress } from "@/lib/api/client-address";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { issueDeviceCookie, trustedDeviceFor } from "@/lib/auth/device-cookie";
import { signIn } from "@/lib/auth/next-auth";
import { translate } from "@/lib/i18n/translate";
import { MESSAGES } from "@/lib/messages";
import { beginSignInAttempt, forgiveSignIn, ThrottledError } from "@/lib/services/auth/throttle";
import { LOGIN_SUCCESSFUL, loginBody } from "@/lib/validation/admin";

export const POST = route({ access: "public", body: loginBody, maxBodyBytes: 4 * 1024 }, async ({ request, body, ctx, locale }) => {
  // A browser where this name signed in before is throttled on its own (device cookies, OWASP).
  const device = trustedDeviceFor(request, body.name);
  const address = clientAddress(request);
  let attemptId: number;
  try {
    ({ attemptId } = await beginSignInAttempt({ ctx, input: { name: body.name, address, device } }));
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    // In the caller's language; the success `message` below stays "Login successful" in every language.
    return json({ error: typeof error.said === "string" ? error.said : translate(locale, error.said) }, 429, {
      "Retry-After": String(error.retryAfterSeconds),
    });
  }
  try {
    // Sets the session cookie on this response; wrong credentials throw CredentialsSignin. Both outcomes
    // write their audit row (lib/services/auth/sessions.ts), with this address.
    await signIn("credentials", { name: body.name, password: body.password, address, redirect: false });
  } catch (error) {
    if (!(error instanceof CredentialsSignin)) throw error;
    return json({ error: translate(locale, MESSAGES.wrongCredentials) }, 400);
  }
  await forgiveSignIn({ ctx, input: { attemptId, device } });
  // Never translated: the spec's client compares this exact text.
  const response = json({ message: LOGIN_SUCCESSFUL });
  issueDeviceCookie(request, response, body.name);
  return response;
});
