import type { Locator } from "@playwright/test";

/**
 * How many lines an element's text is drawn on (a figure or a word broken over two lines counts 2). Only
 * the text's own boxes count, grouped by their middle: a padded pill's box or a smaller font on the same
 * line is still one line.
 */
export function renderedLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const boxes: DOMRect[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0));
    }
    const middles = boxes.map((box) => ({ middle: box.top + box.height / 2, height: box.height })).sort((a, b) => a.middle - b.middle);
    let lines = 0;
    let lineMiddle = Number.NEGATIVE_INFINITY;
    for (const box of middles) {
      if (box.middle - lineMiddle > box.height / 2) {
        lines += 1;
        lineMiddle = box.middle;
      }
    }
    return lines;
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
