// How the workspace tools print a path, and read one back. A name may hold any byte but `/` and NUL,
// so printed raw it could forge a result line: a newline a line of its own, a `:` the end of grep's
// `file:line:`, a space the end of a context line's `file-line-`. A path that holds anything but
// plain characters is therefore printed in double quotes, as a JSON string (plus `\xNN` for a byte
// that is not UTF-8); any other path prints as it is. Two names never print the same.

/**
 * Escaped inside the quotes: `\`, `"`, controls, format characters (bidi overrides), separators but the space, lone
 * surrogates.
 */
const ESCAPED = /[\\"\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|(?! )\p{Zs}/gu;

/** A path printed bare holds none of these (every escape starts with `\`), so grep's lines split one way only. */
const NEEDS_QUOTES = /[\\"': ]/;

const SHORT: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

// ignoreBOM: a leading U+FEFF is part of the name, not a mark to drop.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** A path (or name) as the tools print it: bare, or quoted when it holds more than plain characters. */
export function printPath(text: string): string {
  return quoteEscaped(escapeText(text));
}

/** A path's bytes as the tools print them: as `printPath` does, with each byte that is not UTF-8 as `\xNN`. */
export function printPathBytes(bytes: Uint8Array): string {
  return quoteEscaped(escapeBytes(bytes));
}

/** Puts escaped text in quotes when it needs them. */
export function quoteEscaped(escaped: string): string {
  return NEEDS_QUOTES.test(escaped) ? `"${escaped}"` : escaped;
}

/** The text between the quotes, for Unicode text. */
export function escapeText(text: string): string {
  return text.replace(ESCAPED, (char) => SHORT[char] ?? escapeUnits(char));
}

/** The text between the quotes, for a name's bytes: valid UTF-8 as `escapeText` does, every other byte as `\xNN`. */
export function escapeBytes(bytes: Uint8Array): string {
  try {
    return escapeText(strict.decode(bytes));
  } catch {
    let out = '';
    let start = 0;
    for (let index = 0; index < bytes.length; ) {
      const length = sequenceLength(bytes, index);
      if (length > 0) {
        index += length;
        continue;
      }
      out += `${escapeText(lenient.decode(bytes.subarray(start, index)))}\\x${hex(bytes[index]!, 2)}`;
      index += 1;
      start = index;
    }
    return out + escapeText(lenient.decode(bytes.subarray(start)));
  }
}

/**
 * A path the model gives: one in double quotes is read as the tools print it (any JSON string
 * escape, and `\xNN`); any other is taken as it is, backslashes included. A quoted path whose bytes
 * are not UTF-8 is refused: the tools print such names but cannot open them, since a path reaches
 * the file system as a string. On Windows, where `\` separates names (and no name holds a quote,
 * a `:` or a control character), the quotes are removed and nothing else is undone.
 */
export function parsePrintedPath(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  if (process.platform === 'win32') return text.slice(1, -1);
  const parts: string[] = [];
  const bytes: number[] = [];
  // A run of `\xNN` decodes on its own: plain characters are whole UTF-8 sequences, so no valid
  // sequence spans a run and a character, and a lone surrogate stays one (for the sandbox to refuse).
  const flushBytes = () => {
    if (bytes.length === 0) return;
    try {
      parts.push(strict.decode(new Uint8Array(bytes)));
    } catch {
      throw new Error(
        `refused: ${JSON.stringify(text)} names bytes that are not UTF-8; the workspace tools show such names but ` +
          'cannot open them',
      );
    }
    bytes.length = 0;
  };
  for (let index = 1; index < text.length - 1; index += 1) {
    const char = text[index]!;
    if (char === '"') return text; // not one quoted string: taken as it is
    if (char !== '\\') {
      flushBytes();
      parts.push(char);
      continue;
    }
    const next = text[index + 1];
    const digits = (count: number) =>
      index + 2 + count <= text.length - 1 ? text.slice(index + 2, index + 2 + count) : '';
    if (next !== undefined && Object.hasOwn(SHORT_BACK, next) && index + 1 < text.length - 1) {
      flushBytes();
      parts.push(SHORT_BACK[next]!);
      index += 1;
    } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(digits(4))) {
      flushBytes();
      parts.push(String.fromCharCode(Number.parseInt(digits(4), 16)));
      index += 5;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(digits(2))) {
      bytes.push(Number.parseInt(digits(2), 16));
      index += 3;
    } else {
      return text; // no such escape: not a printed path
    }
  }
  flushBytes();
  return parts.join('');
}

const SHORT_BACK: Readonly<Record<string, string>> = {
  '\\': '\\',
  '"': '"',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** `\uXXXX` for each UTF-16 unit, as JSON writes a character outside the BMP. */
function escapeUnits(char: string): string {
  let out = '';
  for (let index = 0; index < char.length; index += 1) out += `\\u${hex(char.charCodeAt(index), 4)}`;
  return out;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** The length of the valid UTF-8 sequence at `index`, or 0 when the byte there starts none. */
function sequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  if (lead < 0x80) return 1;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0; // no overlong forms
    if (lead === 0xed) high = 0x9f; // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f; // nothing past U+10FFFF
  } else return 0;
  for (let offset = 1; offset < length; offset += 1) {
    const byte = bytes[index + offset];
    if (byte === undefined || byte < (offset === 1 ? low : 0x80) || byte > (offset === 1 ? high : 0xbf)) return 0;
  }
  return length;
}
