// Any /api path no route answers: 404 {detail}, as JSON like every other API answer (not Next.js's HTML page).
import { noSuchRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = noSuchRoute;
export const HEAD = noSuchRoute;
export const POST = noSuchRoute;
export const PUT = noSuchRoute;
export const PATCH = noSuchRoute;
export const DELETE = noSuchRoute;
export const OPTIONS = noSuchRoute;
