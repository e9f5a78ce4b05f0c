import { describe, expect, it } from "vitest";
import { CLAIM_MESSAGES, claimBody, isReadableNickname } from "@/lib/validation/claim";
import { READABLE_NICKNAMES, UNREADABLE_NICKNAMES } from "../support/nicknames";

describe("isReadableNickname", () => {
  it.each(Object.entries(UNREADABLE_NICKNAMES))("refuses %s", (_, name) => {
    expect(isReadableNickname(name)).toBe(false);
  });

  it.each(READABLE_NICKNAMES.map((name) => [name]))("accepts %s", (name) => {
    expect(isReadableNickname(name)).toBe(true);
  });
});

describe("claimBody's nickname", () => {
  it("says one clear message for every unreadable nickname, on `name`", () => {
    for (const [what, name] of Object.entries(UNREADABLE_NICKNAMES)) {
      const result = claimBody.safeParse({ name, password: "1234" });
      expect(result.success, what).toBe(false);
      expect(
        result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message })),
        what,
      ).toEqual([{ path: ["name"], message: CLAIM_MESSAGES.nameUnreadable }]);
    }
  });

  it("one message too for a long nickname full of controls; the usual ones for an empty or long one", () => {
    const issues = (name: string) => claimBody.safeParse({ name, password: "1234" }).error?.issues.map((issue) => issue.message);
    expect(issues("\u200B".repeat(30))).toEqual([CLAIM_MESSAGES.nameUnreadable]);
    expect(issues("   ")).toEqual([CLAIM_MESSAGES.nameRequired]);
    expect(issues("abcdefghijk")).toEqual([CLAIM_MESSAGES.nameTooLong]);
  });

  it("accepts Korean, accented and emoji nicknames, trimmed", () => {
    for (const name of READABLE_NICKNAMES) expect(claimBody.parse({ name: ` ${name} `, password: "1234" }).name).toBe(name);
  });
});
