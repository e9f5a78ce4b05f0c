import { route } from "@/lib/api/route";
import packageJson from "@/package.json";
import { buildOpenApiDocument } from "./document";

let built: object | undefined;

/** GET /api/openapi.json - the API described (OpenAPI 3.1), public like the spec it describes; built once. */
export const GET = route({ access: "public" }, async () => {
  built ??= buildOpenApiDocument(packageJson.version);
  return built;
});
