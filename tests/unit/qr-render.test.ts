import { describe, expect, it } from "vitest";
import { qrPng } from "@/lib/qr/render";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("qrPng", () => {
  it("draws a code once per text: the same text gets the same PNG back, another text its own", async () => {
    const first = await qrPng("http://127.0.0.1:3000/p/KeptOnce01");
    expect(first.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(await qrPng("http://127.0.0.1:3000/p/KeptOnce01")).toBe(first);
    const other = await qrPng("http://127.0.0.1:3000/p/KeptOnce02");
    expect(other).not.toBe(first);
    expect(other.equals(first)).toBe(false);
  });

  it("gives asks that arrive together the one drawing", async () => {
    const [a, b] = await Promise.all([qrPng("http://127.0.0.1:3000/p/Together01"), qrPng("http://127.0.0.1:3000/p/Together01")]);
    expect(a).toBe(b);
  });
});
