// GET /api/health - 200 when the database answers, 503 when it does not (for load balancers and probes)

import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { getDatabase } from "@/lib/database";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () => {
  try {
    const database = getDatabase();
    await database.ping();
    return json({ status: "ok", database: database.kind });
  } catch (error) {
    console.error("Health check: the database did not answer:", error);
    return json({ status: "unavailable", detail: "The database is not answering." }, 503);
  }
});
