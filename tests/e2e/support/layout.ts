import type { Locator } from "@playwright/test";

/** How many lines an element's text is drawn on (a figure or a word broken over two lines counts 2). */
export function renderedLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lineTops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
    return new Set(lineTops).size;
  });
}

/** The width of an input's placeholder and the room its box gives it, in px, measured in the input's own font. */
export function placeholderRoom(input: Locator): Promise<{ text: number; room: number }> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text: Math.ceil(context.measureText(element.placeholder).width), room: Math.floor(room) };
  });
}
