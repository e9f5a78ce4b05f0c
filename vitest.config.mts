import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      "@/": `${root}/`,
      // "server-only" throws outside a React server bundle; services are tested directly, so stub it.
      "server-only": path.join(root, "tests/support/server-only-stub.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // One module graph per worker (no file mocks or stubs a module, none sets the environment): isolated, the
          // files' imports were two thirds of the step's CPU (21 s of CPU, not 8), taken from the build beside it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // Services under test read these through lib/config; the database itself is opened by each test.
          env: {
            DATABASE_URL: "postgres://tests-open-their-own-database",
            AUTH_SECRET: "integration-tests-do-not-sign-real-sessions",
            APP_TIMEZONE: "Asia/Seoul",
            RESERVATION_SECONDS: "60",
            // webhooks.test.ts runs a delivery beat in this process, to a receiver on 127.0.0.1.
            WEBHOOKS_ALLOW_PRIVATE: "1",
          },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          // Around each file: it must leave the shared server's settings as it found them.
          setupFiles: ["tests/integration/settings-left-as-found.ts"],
          // Files share one app server; running them one at a time keeps the 2-core machine responsive.
          fileParallelism: false,
          // One module graph for the whole run (no file mocks or stubs a module): each file importing the schema,
          // drizzle and the services afresh cost about a fifth of the run's CPU (docs/testing.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        // nginx in front of two instances (scripts/local-deployment.ts): `npm run test:deploy`, after the build.
        test: {
          name: "deploy",
          include: ["tests/deploy/**/*.test.ts"],
          environment: "node",
          env: { AUTH_SECRET: "deploy-tests-do-not-sign-real-sessions" },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
