// How the workspace tools print a path, and read one back. A name may hold any byte but `/` and NUL:
// printed raw, a newline would forge a line of grep's output, and bytes that are not UTF-8 would all
// decode to U+FFFD, so two files would print as one. Printed paths are escaped instead: `\` as `\\`,
// newline, carriage return and tab as `\n`, `\r`, `\t`, other control and line-separator characters
// as `\uXXXX`, and each byte that is not part of valid UTF-8 as `\xNN`. Two names never print the same.

const CONTROL = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const SHORT: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

// ignoreBOM: a leading U+FEFF is part of the name, not a mark to drop.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** A path (or name) as the tools print it; `text` is already Unicode. */
export function escapePath(text: string): string {
  return text.replace(CONTROL, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A name's bytes as the tools print them: valid UTF-8 as `escapePath` does, every other byte as `\xNN`. */
export function escapeBytes(bytes: Uint8Array): string {
  try {
    return escapePath(strict.decode(bytes));
  } catch {
    let out = '';
    let start = 0;
    for (let index = 0; index < bytes.length; ) {
      const length = sequenceLength(bytes, index);
      if (length > 0) {
        index += length;
        continue;
      }
      out += `${escapePath(lenient.decode(bytes.subarray(start, index)))}\\x${bytes[index]!.toString(16).padStart(2, '0')}`;
      index += 1;
      start = index;
    }
    return out + escapePath(lenient.decode(bytes.subarray(start)));
  }
}

/**
 * A path the model gives, with the escapes `escapePath` and `escapeBytes` print undone, so a printed
 * path can be given back as it is. A `\` that starts no such escape stays a `\`. A path whose bytes
 * are not UTF-8 is refused: the tools print such names but cannot open them. On Windows, where `\`
 * separates names (and no name holds a control character), paths are taken as they are.
 */
export function unescapePath(text: string): string {
  if (!text.includes('\\') || process.platform === 'win32') return text;
  const bytes: number[] = [];
  let raw = false;
  let plain = '';
  const flush = () => {
    if (plain === '') return;
    bytes.push(...Buffer.from(plain, 'utf8'));
    plain = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char !== '\\' || next === undefined) {
      plain += char;
    } else if (Object.hasOwn(SHORT_BACK, next)) {
      plain += SHORT_BACK[next];
      index += 1;
    } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
      plain += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
      index += 5;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 2, index + 4))) {
      flush();
      bytes.push(Number.parseInt(text.slice(index + 2, index + 4), 16));
      raw = true;
      index += 3;
    } else {
      plain += char;
    }
  }
  if (!raw) return plain;
  flush();
  try {
    return strict.decode(new Uint8Array(bytes));
  } catch {
    throw new Error(`refused: ${JSON.stringify(text)} names bytes that are not UTF-8; the workspace tools show such names but cannot open them`);
  }
}

const SHORT_BACK: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', r: '\r', t: '\t' };

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
