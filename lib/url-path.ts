import { randomInt } from "node:crypto";

// No 0/O, 1/l/I: a path read aloud or typed from a printed card is not misread.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const URL_PATH_LENGTH = 10;

/** A product page's path: random and unguessable (about 57 bits), so pages cannot be walked without scanning. */
export function newUrlPath(): string {
  let path = "";
  for (let index = 0; index < URL_PATH_LENGTH; index += 1) path += ALPHABET[randomInt(ALPHABET.length)];
  return path;
}
