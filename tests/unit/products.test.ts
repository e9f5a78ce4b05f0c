import { describe, expect, it } from "vitest";
import { likePattern } from "@/db/queries/like";
import { parseId } from "@/lib/api/params";
import { translate } from "@/lib/i18n/translate";
import { requestOrigin } from "@/lib/qr/base-url";
import { qrDownloadName, qrEntryName, qrZipName } from "@/lib/qr/file-names";
import { checkImageFile, IMAGE_LIMITS, ONLY_IMAGES } from "@/lib/validation/image";
import { createProductBody, deleteAllProductsQuery } from "@/lib/validation/product";
import { type MessageKey, text } from "@/shared/i18n/text";
import { shorten } from "@/shared/text";
import { productPageUrl } from "@/shared/urls/products";

const english = (key: string | null | undefined) => (key ? translate("en", text(key as MessageKey)) : key);

describe("likePattern", () => {
  it("makes %, _ and \\ literal for ILIKE", () => {
    expect(likePattern("100% a_b c\\d")).toBe("%100\\% a\\_b c\\\\d%");
    expect(likePattern("plain")).toBe("%plain%");
  });
});

describe("parseId", () => {
  it("accepts positive 32-bit integers only", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
    for (const raw of ["0", "-1", "01", "1.0", "abc", "2147483648", "99999999999", " 1", "", undefined])
      expect(() => parseId(raw, "Gone."), raw).toThrow("Gone.");
  });
});

describe("product input", () => {
  it("trims the name and requires it with the spec's message", () => {
    expect(createProductBody.parse({ name: "  Fan  " })).toEqual({ name: "Fan", description: "", image: undefined });
    const blank = createProductBody.safeParse({ name: "   " });
    // Schemas give message keys; the API and the form say them in the reader's language.
    expect(blank.error?.issues.map((issue) => english(issue.message))).toEqual(["Please enter a product name."]);
  });

  it("reads flags as true/false/1/0 and refuses anything else", () => {
    expect(deleteAllProductsQuery.parse({ confirm: "true", force: "0" })).toEqual({ confirm: true, force: false });
    expect(deleteAllProductsQuery.parse({})).toEqual({ confirm: false, force: false });
    expect(deleteAllProductsQuery.safeParse({ confirm: "yes" }).success).toBe(false);
  });
});

describe("checkImageFile (the browser's first check)", () => {
  const limit = IMAGE_LIMITS.product;
  it("refuses non-images and SVG with the spec's message, and files over the limit", () => {
    expect(checkImageFile({ name: "a.png", type: "image/png", size: 1000 }, limit)).toBeNull();
    expect(checkImageFile({ name: "a.txt", type: "text/plain", size: 10 }, limit)).toBe(ONLY_IMAGES);
    expect(checkImageFile({ name: "a.svg", type: "image/svg+xml", size: 10 }, limit)).toBe(ONLY_IMAGES);
    expect(english(checkImageFile({ name: "a.png", type: "image/png", size: limit.maxBytes + 1 }, limit))).toBe(
      "Image size is limited to 20MB or less.",
    );
    expect(english(checkImageFile({ name: "a.png", type: "image/png", size: 15 * 1024 * 1024 }, IMAGE_LIMITS.prize))).toBe(
      "Image size is limited to 10MB or less.",
    );
    expect(translate("ko", text(ONLY_IMAGES))).toBe("이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다.");
  });
});

describe("QR file names and addresses", () => {
  it("names zip entries name_urlpath.png with unsafe characters replaced", () => {
    expect(qrEntryName("Aurora Headphones", "abcDEF2345")).toBe("Aurora Headphones_abcDEF2345.png");
    expect(qrEntryName('a/b\\c:d*e?f"g<h>i|j', "x")).toBe("a_b_c_d_e_f_g_h_i_j_x.png");
    expect(qrEntryName("   ", "x")).toBe("product_x.png");
    expect(qrDownloadName("abcDEF2345")).toBe("abcDEF2345.png");
  });

  it("dates the zip YYYYMMDD in local time", () => {
    expect(qrZipName(new Date(2026, 3, 24, 23, 59), "QR codes collection")).toBe("QR codes collection 20260424.zip");
  });

  it("builds the page address from a base with or without a trailing slash", () => {
    expect(productPageUrl("https://prizes.example.com/", "abc")).toBe("https://prizes.example.com/p/abc");
    expect(productPageUrl("https://prizes.example.com", "abc")).toBe("https://prizes.example.com/p/abc");
  });

  it("takes the request origin from the proxy's forwarded headers, else Host, and ignores malformed hosts", () => {
    expect(requestOrigin(new Headers({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(
      requestOrigin(new Headers({ host: "internal:3000", "x-forwarded-host": "prizes.example.com", "x-forwarded-proto": "https" })),
    ).toBe("https://prizes.example.com");
    expect(requestOrigin(new Headers({ host: "evil.com/path?x=" }))).toBe("http://localhost");
  });
});

describe("shorten", () => {
  it("cuts at 50 user-perceived characters with an ellipsis, never inside an emoji", () => {
    expect(shorten("short", 50)).toBe("short");
    expect(shorten("x".repeat(50), 50)).toBe("x".repeat(50));
    expect(shorten("x".repeat(51), 50)).toBe(`${"x".repeat(50)}…`);
    expect(shorten("👍🏽".repeat(3), 2)).toBe("👍🏽👍🏽…");
  });
});
