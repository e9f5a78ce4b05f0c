// GET /api/ping - liveness: the process answers, without touching the database (/api/health checks that)
import { route } from "@/lib/api/route";

export const GET = route({ access: "public" }, async () => ({ status: "ok" }));
