import { TEST_ADMIN, TEST_AUTH_SECRET } from "../integration/global-setup";
import { type RunningServer, startServer } from "./app-server";
import { CuttableProxy } from "./tcp-proxy";
import { tempDir } from "./test-database";

export type ServerBehindProxy = { server: RunningServer; proxy: CuttableProxy; stop: () => Promise<void> };

/**
 * A server of its own on the integration database, reached through a proxy the test can cut (Postgres
 * refusing connections) or stall (Postgres slow to answer). `env` adds to or overrides the defaults.
 */
export async function startServerBehindProxy(
  databaseUrl: string,
  name: string,
  env: Record<string, string> = {},
): Promise<ServerBehindProxy> {
  const target = new URL(databaseUrl);
  const proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
  const throughProxy = new URL(target);
  throughProxy.port = String(await proxy.start());
  const server = await startServer({
    DATABASE_URL: throughProxy.toString(),
    AUTH_SECRET: TEST_AUTH_SECRET,
    ADMIN_NAME: TEST_ADMIN.name,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATA_DIR: tempDir(name),
    ...env,
  });
  return {
    server,
    proxy,
    stop: async () => {
      await server.stop();
      await proxy.stop();
    },
  };
}
