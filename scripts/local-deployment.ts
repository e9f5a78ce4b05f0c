// The production shape on one machine: nginx (deploy/nginx.conf.template) in front of N instances of the
// production server (server.mjs) on one Postgres. Used by `npm run deploy:local` and by the deployment test
// (tests/deploy/), which storms it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");

export type LocalDeploymentOptions = {
  /** Postgres database all instances share; created when missing. */
  databaseUrl: string;
  instances: number;
  /** nginx's port; the instances listen on the ports after it (or on `instancePorts`), on 127.0.0.1 only. */
  port: number;
  instancePorts?: number[];
  /** Where nginx's config, logs and the generated AUTH_SECRET live. */
  workDir: string;
  /** Extra environment for every instance (ADMIN_NAME, APP_TIMEZONE, ...). */
  env?: Record<string, string>;
  /** Where the instances' and nginx's output goes: the console, or kept for a test to read. */
  output?: "inherit" | "keep";
};

export type LocalDeployment = {
  url: string;
  instanceUrls: string[];
  accessLog: string;
  output: () => string;
  stop: () => Promise<void>;
};

/** nginx's path, installing Debian's package when it is missing and we may (root, apt-get present). */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error("nginx is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y nginx) and run this again.");
  }
  console.log("Installing nginx (apt-get install -y nginx)...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const installed = findNginx();
  if (!installed) throw new Error("nginx was installed but is not on the PATH.");
  return installed;
}

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx", "/usr/bin/nginx"]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Creates the database when it does not exist yet (the instances migrate it at start-up). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`DATABASE_URL: use a plain database name (letters, digits, _), not "${name}".`);
  const server = new URL(databaseUrl);
  server.pathname = "/postgres";
  const sql = postgres(server.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await sql.end();
  }
}

/** One AUTH_SECRET for every instance (sessions signed by one are read by the others), kept across runs. */
function sharedAuthSecret(workDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(workDir, "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

function nginxConfig(prefix: string, port: number, instancePorts: number[]): string {
  const template = readFileSync(path.join(root, "deploy/nginx.conf.template"), "utf8");
  const servers = instancePorts.map((instancePort) => `    server 127.0.0.1:${instancePort} max_fails=2 fail_timeout=5s;`).join("\n");
  const userDirective = process.getuid?.() === 0 ? "user root;" : "";
  return template
    .replaceAll("{{USER_DIRECTIVE}}", userDirective)
    .replaceAll("{{PREFIX}}", prefix)
    .replaceAll("{{LISTEN_PORT}}", `127.0.0.1:${port}`)
    .replaceAll("{{UPSTREAM_SERVERS}}", servers);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer /api/health/ within 90 s:\n${output()}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

export async function startLocalDeployment(options: LocalDeploymentOptions): Promise<LocalDeployment> {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) throw new Error("No production build: run `npm run build` first.");
  const nginx = ensureNginx();
  await ensureDatabase(options.databaseUrl);
  const prefix = path.resolve(options.workDir, "nginx");
  for (const dir of ["", "client_body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"])
    mkdirSync(path.join(prefix, dir), { recursive: true });
  const authSecret = sharedAuthSecret(path.resolve(options.workDir));
  let logged = "";
  const stdio = options.output === "keep" ? "pipe" : "inherit";
  const keep = (child: ChildProcess, label: string) => {
    child.stdout?.on("data", (chunk) => (logged += `[${label}] ${chunk}`));
    child.stderr?.on("data", (chunk) => (logged += `[${label}] ${chunk}`));
  };

  const instancePorts = options.instancePorts ?? Array.from({ length: options.instances }, (_, index) => options.port + 1 + index);
  const instances = instancePorts.map((instancePort, index) => {
    const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        ...options.env,
        NODE_ENV: "production",
        PORT: String(instancePort),
        // Reached only through nginx.
        HOSTNAME: "127.0.0.1",
        DATABASE_URL: options.databaseUrl,
        AUTH_SECRET: authSecret,
        // nginx appends the visitor's address to X-Forwarded-For: believe that one entry, no more.
        TRUSTED_PROXY_HOPS: "1",
      },
      stdio: ["ignore", stdio, stdio],
      // A process group of its own: Ctrl+C reaches this script alone, which stops nginx first, then the
      // instances once (a second signal would make an instance stop without finishing its requests).
      detached: true,
    });
    keep(child, `instance ${index + 1}`);
    return child;
  });
  const instanceUrls = instancePorts.map((instancePort) => `http://127.0.0.1:${instancePort}`);
  const stopInstances = () => Promise.all(instances.map((child) => stopChild(child, "SIGTERM")));
  try {
    await Promise.all(
      instances.map((child, index) =>
        waitForHealth(`http://127.0.0.1:${instancePorts[index]}`, child, () => logged, `Instance ${index + 1}`),
      ),
    );
  } catch (error) {
    await stopInstances();
    throw error;
  }

  const configFile = path.join(prefix, "nginx.conf");
  writeFileSync(configFile, nginxConfig(prefix, options.port, instancePorts));
  const proxy = spawn(nginx, ["-p", prefix, "-c", configFile, "-g", "daemon off;"], { stdio: ["ignore", stdio, stdio], detached: true });
  keep(proxy, "nginx");
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, proxy, () => logged, "nginx");
  } catch (error) {
    await stopInstances();
    await stopChild(proxy, "SIGKILL");
    throw error;
  }
  return {
    url,
    instanceUrls,
    accessLog: path.join(prefix, "access.log"),
    output: () => logged,
    // nginx first (SIGQUIT: finish what it has), then the instances (SIGTERM: finish requests, close Postgres).
    stop: async () => {
      await stopChild(proxy, "SIGQUIT");
      await stopInstances();
    },
  };
}
