// npm run admin -- create <name> [--role owner|manager|desk|viewer] | set-password <name>
// The password is read from standard input (piped) or asked for at a hidden prompt; never from argv,
// where it would land in shell history and process listings.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { AppError, type Said, ValidationError } from "@/lib/errors";
import { isMessageKey, translate } from "@/lib/i18n/translate";
import { createAdmin } from "@/lib/services/admins/create";
import { setAdminPassword } from "@/lib/services/admins/set-password";
import { text } from "@/shared/i18n/text";
import { isRole, ROLES, type Role } from "@/shared/roles";
import { exitWith, openCliDatabase } from "./cli-database";

function inEnglish(said: Said): string {
  if (typeof said !== "string") return translate("en", said);
  return isMessageKey(said) ? translate("en", text(said)) : said;
}

const usage = `Usage: npm run admin -- create <name> [--role ${ROLES.join("|")}]   (default owner)\n       npm run admin -- set-password <name>`;

async function readPipedPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    prompt.question(question, (answer) => {
      prompt.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedPassword();
  const first = await askHidden("Password (8 characters or more): ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) exitWith("The two passwords differ; nothing was changed.");
  return first;
}

/** `--role desk` (or `--role=desk`) after `create`; owner when absent. Checked before the password is asked. */
function roleOption(command: string, options: string[]): Role {
  if (options.length === 0) return "owner";
  const value = options[0] === "--role" ? options[1] : options[0]?.startsWith("--role=") ? options[0].slice(7) : undefined;
  const expected = options[0] === "--role" ? 2 : 1;
  if (command !== "create" || options.length !== expected || !isRole(value)) exitWith(usage);
  return value;
}

async function main() {
  const [command, name, ...options] = process.argv.slice(2);
  if ((command !== "create" && command !== "set-password") || !name) exitWith(usage);
  const role = roleOption(command, options);
  const password = await readPassword();
  const database = await openCliDatabase();
  // Accounts belong to the installation: no event is read or written here (the default event, 1, fills the field).
  const ctx = { db: database.db, eventId: 1 };
  try {
    if (command === "create") {
      await createAdmin({ ctx, input: { name, password, role } });
      console.log(`✔ Account "${name}" (${role}) created. Sign in at /admin/login.`);
    } else {
      await setAdminPassword({ ctx, input: { name, password } });
      console.log(`✔ Password of "${name}" changed; their open sessions were signed out.`);
    }
  } catch (error) {
    // The command line speaks English: messages are keys of messages/en.json, or words already.
    if (error instanceof ValidationError) exitWith(Object.values(error.fields).flat().map(inEnglish).join(" "));
    if (error instanceof AppError) exitWith(error.message);
    if (error && typeof error === "object" && "issues" in error) {
      exitWith((error as { issues: { message: string }[] }).issues.map((issue) => inEnglish(issue.message)).join(" "));
    }
    throw error;
  } finally {
    await database.close();
  }
}

void main();
