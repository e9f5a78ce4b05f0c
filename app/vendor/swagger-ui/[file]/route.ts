import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The two files of swagger-ui-dist the admin's API page loads (components/admin/api/api-screen.tsx), served
 * from the installed package: no CDN, no copy to keep in step. Read once, then kept in memory.
 */
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const read = new Map<string, Promise<Buffer>>();

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const contentType = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
  if (!contentType) return new Response(null, { status: 404 });
  if (!read.has(file)) read.set(file, readFile(path.join(process.cwd(), "node_modules/swagger-ui-dist", file)));
  const body = await read.get(file)!;
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=86400", "Content-Length": String(body.byteLength) },
  });
}
