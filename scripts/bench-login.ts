// npm run bench:login -- <server URL> [--logins N]
// What a flood of sign-ins does to everyone else (hashing is slow on purpose, and must not starve other requests): prints GET /api/ping/ latency at rest,
// then while N wrong-password sign-ins arrive at once, and how long the flood took. Each attempt claims its
// own address in X-Forwarded-For, so against a server with TRUSTED_PROXY_HOPS=1 every one is hashed (the
// worst case); with the default 0 they share the connection's address and all but 20 are refused unhashed.
// It starts nothing itself and changes nothing but sign-in attempt counts.
import { newCsrfToken } from "@/lib/api/csrf";

const baseUrl = process.argv[2]?.replace(/\/+$/, "");
const loginsIndex = process.argv.indexOf("--logins");
const logins = loginsIndex > 0 ? Number(process.argv[loginsIndex + 1]) : 32;
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || !Number.isInteger(logins) || logins < 1) {
  console.error("Usage: npm run bench:login -- http://127.0.0.1:3000 [--logins 32]");
  process.exit(1);
}

async function ping(): Promise<number> {
  const started = performance.now();
  await fetch(`${baseUrl}/api/ping/`);
  return performance.now() - started;
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!.toFixed(0);
const summary = (values: number[]) => `p50 ${quantile(values, 0.5)} ms  p95 ${quantile(values, 0.95)} ms  max ${quantile(values, 1)} ms`;

async function main() {
  const atRest: number[] = [];
  for (let index = 0; index < 30; index += 1) atRest.push(await ping());

  const token = newCsrfToken();
  let flooding = true;
  const duringFlood: number[] = [];
  const pinger = (async () => {
    while (flooding) {
      duringFlood.push(await ping());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: logins }, (_, index) =>
      fetch(`${baseUrl}/api/admin/login/`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `csrftoken=${token}`,
          "x-csrftoken": token,
          "x-forwarded-for": `198.18.${Math.floor(index / 250)}.${index % 250}`,
        },
        body: JSON.stringify({ name: "bench-nobody", password: `wrong-password-${index}` }),
      }).then((response) => response.status),
    ),
  );
  const floodMs = performance.now() - started;
  flooding = false;
  await pinger;

  const tally = new Map<number, number>();
  for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1);
  const counts = [...tally];
  console.log(`${"GET /api/ping/ at rest".padEnd(30)}: ${summary(atRest)}`);
  console.log(`${`during ${logins} sign-ins at once`.padEnd(30)}: ${summary(duringFlood)}  (${duringFlood.length} pings)`);
  console.log(`the flood took ${floodMs.toFixed(0)} ms; answers: ${counts.map(([status, count]) => `${count} x ${status}`).join(", ")}`);
}

void main();
