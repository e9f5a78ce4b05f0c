import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The documentation a newcomer reads: the README, docs/, and the READMEs beside the code. */
const DOCUMENTS = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  "lib/services/README.md",
  "shared/urls/README.md",
  "components/ui/README.md",
];

/** Markdown outside fenced code blocks. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

/** Markdown outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "");
}

/** Every relative target: `[text](target)` and `<img src="target">`; web addresses are not checked. */
function linksIn(markdown: string): string[] {
  const text = prose(markdown);
  const targets = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...text.matchAll(/<img[^>]*\bsrc="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return targets.filter((target) => target && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const headings = withoutFences(readFileSync(file, "utf8")).match(/^#{1,6} .+$/gm) ?? [];
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of headings) {
    const base = slug(heading.replace(/^#+ /, ""));
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

describe("the documentation's links", () => {
  it("reads the documents (so a passing check means something)", () => {
    expect(DOCUMENTS).toContain("docs/architecture.md");
    expect(DOCUMENTS.flatMap((doc) => linksIn(readFileSync(path.join(root, doc), "utf8"))).length).toBeGreaterThan(20);
  });

  it("knows GitHub's anchors", () => {
    expect(slug("The event's rules")).toBe("the-events-rules");
    expect(slug("`server.mjs`, and proxies")).toBe("servermjs-and-proxies");
  });

  for (const doc of DOCUMENTS) {
    it(`every relative link in ${doc} leads to a file (and heading) that exists`, () => {
      const broken: string[] = [];
      for (const link of linksIn(readFileSync(path.join(root, doc), "utf8"))) {
        const [target, anchor] = link.split("#");
        const file = target ? path.resolve(path.dirname(path.join(root, doc)), decodeURI(target)) : path.join(root, doc);
        if (!existsSync(file)) broken.push(`${link}: no such file`);
        else if (anchor && statSync(file).isFile() && file.endsWith(".md") && !anchorsOf(file).has(anchor))
          broken.push(`${link}: no heading with that anchor`);
      }
      expect(broken).toEqual([]);
    });
  }
});
