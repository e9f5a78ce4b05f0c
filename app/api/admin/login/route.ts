// POST /api/admin/login - sign in with {name, password}; 200 {message}, 400 {error}, 429 {error}
import { CredentialsSignin } from "next-auth";
import { clientAddress } from "@/lib/api/client-address";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { signIn } from "@/lib/auth/next-auth";
import { MESSAGES } from "@/lib/messages";
import { beginSignInAttempt, clearFailedSignIns, ThrottledError } from "@/lib/services/auth/throttle";
import { LOGIN_SUCCESSFUL, loginBody } from "@/lib/validation/admin";

const WRONG_CREDENTIALS = MESSAGES.wrongCredentials;

export const POST = route({ access: "public", body: loginBody, maxBodyBytes: 4 * 1024 }, async ({ request, body, ctx }) => {
  const attempt = { name: body.name, address: clientAddress(request) };
  try {
    await beginSignInAttempt({ ctx, input: attempt });
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    return json({ error: error.message }, 429, { "Retry-After": String(error.retryAfterSeconds) });
  }
  try {
    // Sets the session cookie on this response; wrong credentials throw CredentialsSignin.
    await signIn("credentials", { name: body.name, password: body.password, redirect: false });
  } catch (error) {
    if (!(error instanceof CredentialsSignin)) throw error;
    return json({ error: WRONG_CREDENTIALS }, 400);
  }
  await clearFailedSignIns({ ctx, input: attempt });
  return json({ message: LOGIN_SUCCESSFUL });
});
