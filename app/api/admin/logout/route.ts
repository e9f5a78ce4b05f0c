// POST /api/admin/logout - ends the session on the server (the old cookie stops working) and clears it
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { auth, signOut } from "@/lib/auth/next-auth";
import { translate } from "@/lib/i18n/translate";
import { MESSAGES } from "@/lib/messages";
import { revokeSession } from "@/lib/services/auth/sessions";

export const POST = route({ access: "public" }, async ({ ctx, locale }) => {
  const session = await auth();
  if (session?.sessionId) await revokeSession({ ctx, input: { sessionId: session.sessionId } });
  await signOut({ redirect: false });
  return json({ detail: translate(locale, MESSAGES.loggedOut) });
});
