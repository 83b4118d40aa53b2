/**
 * What JSON.parse says of `text` on the Node running the tests (and the servers they spawn): a
 * -32700's `data` is the engine's own words, and V8 words them differently from one Node to another.
 */
export function jsonParseError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} parses`);
}
