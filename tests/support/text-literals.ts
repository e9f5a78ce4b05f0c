import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Finds words a screen would show that are written in the code instead of messages/*.json: JSX text, a
 * string given to a prop that is shown (label, title, aria-label...), a string inside a JSX expression
 * ({ok ? "Saved" : "Failed"}), and sentence-like string constants (`const HINT = "Choose a prize."`).
 * Technical strings (class names, types, ids, paths, SVG data) are left alone. A line may opt out with a
 * comment `i18n-exempt: <why>` on it or the line above (e.g. a brand name).
 */

/** Props whose string value is never shown to a person. */
const TECHNICAL_PROPS = new Set([
  "className",
  "class",
  "id",
  "key",
  "type",
  "role",
  "name",
  "href",
  "src",
  "srcSet",
  "sizes",
  "rel",
  "target",
  "method",
  "action",
  "lang",
  "htmlFor",
  "autoComplete",
  "inputMode",
  "enterKeyHint",
  "pattern",
  "accept",
  "encType",
  "dir",
  "d",
  "viewBox",
  "fill",
  "stroke",
  "strokeWidth",
  "strokeLinecap",
  "strokeLinejoin",
  "fillRule",
  "clipRule",
  "xmlns",
  "points",
  "transform",
  "preserveAspectRatio",
  "dataKey",
  "stackId",
  "layout",
  "variant",
  "tone",
  "size",
  "width",
  "height",
  "align",
  "side",
  "as",
  "mode",
  "loading",
  "decoding",
  "fetchPriority",
  "crossOrigin",
  "referrerPolicy",
  "scope",
  "wrap",
  "spellCheck",
  "autoCapitalize",
  "form",
  "value",
  "defaultValue",
  "min",
  "max",
  "step",
  "testId",
]);

const technicalProp = (name: string) =>
  TECHNICAL_PROPS.has(name) || name.startsWith("data-") || /ClassName$|Class$|Id$|Href$|Path$|Icon$/.test(name);

const hasLetter = (value: string) => /\p{L}/u.test(value);
/** Reads as words to a person: two words, or one capitalised word, or ends like a sentence. */
const readsAsWords = (value: string) =>
  hasLetter(value) && (/\p{L}+[\s,]+\p{L}/u.test(value) || /^\p{Lu}\p{Ll}/u.test(value.trim()) || /[.!?:]$/.test(value.trim()));
/** A class list, a path, an address, a MIME type, a CSS value: not words, even with spaces. */
const looksTechnical = (value: string) =>
  /^(https?:|\/|#|\.|@|[a-z0-9_-]+\/[a-z0-9_.+-]+$)/i.test(value) ||
  /^[a-z0-9:[\]()/._%-]+(\s+[a-z0-9:[\]()/._%!&>=*+-]+)*$/.test(value) ||
  /^[A-Z0-9_]+$/.test(value);

export type Literal = { file: string; line: number; text: string };

function isExempt(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split("\n");
  return [lines[line], lines[line - 1]].some((text) => text?.includes("i18n-exempt:"));
}

/** Compared with (`event.key === "Escape"`, `case "Tab":`), or written to the console or an Error: never shown. */
function comparedOrLogged(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent)) {
    const operator = parent.operatorToken.kind;
    if ([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(operator)) return true;
  }
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    /^(console\.\w+|log|Error|TypeError)$/.test(parent.expression.getText())
  )
    return true;
  return false;
}

/** Inside a call that takes a key or a class list (t("a.b"), cn(...)): not shown as written. */
function insideKeyOrClassCall(node: ts.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isCallExpression(current)) {
      const callee = current.expression.getText();
      if (/^(t|t\.\w+|text|useTranslations|getTranslations|cn|clsx|classNames|twMerge|tv|useSaid)$/.test(callee) || /\bt$/.test(callee))
        return true;
    }
    if (ts.isJsxAttribute(current) && technicalProp(current.name.getText())) return true;
    if (ts.isImportDeclaration(current) || ts.isExportDeclaration(current)) return true;
  }
  return false;
}

function literalsOf(file: string): Literal[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const report = (node: ts.Node, value: string) => {
    if (isExempt(source, node)) return;
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: value.trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (hasLetter(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const value = node.initializer.text;
      if (!technicalProp(node.name.getText()) && hasLetter(value) && !looksTechnical(value)) report(node, value);
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !ts.isJsxAttribute(node.parent)) {
      const value = node.text;
      const isKeyName = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      if (readsAsWords(value) && !looksTechnical(value) && !isKeyName && !comparedOrLogged(node) && !insideKeyOrClassCall(node))
        report(node, value);
    } else if (ts.isTemplateExpression(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
      if (readsAsWords(words) && !looksTechnical(words.trim()) && !insideKeyOrClassCall(node)) report(node, node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every shown literal in the given files and folders (relative to the project root). */
export function textLiterals(root: string, places: readonly string[]): Literal[] {
  return places
    .flatMap((place) => {
      const full = path.join(root, place);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    })
    .flatMap(literalsOf)
    .map((literal) => ({ ...literal, file: path.relative(root, literal.file) }));
}
