// Any /api path no route answers: 404 {detail}, as JSON like every other API answer (not Next.js's HTML page).
import { json } from "@/lib/api/respond";

export const dynamic = "force-dynamic";

const notFound = async () => json({ detail: "Not found." }, 404);

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
