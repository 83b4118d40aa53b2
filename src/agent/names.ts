// Tool names the model APIs take. MCP allows up to 128 characters and dots; OpenAI and Anthropic take
// `[A-Za-z0-9_-]{1,64}`, and Gemini a first character that is a letter or `_`. A name outside all three
// is declared under an alias (its other characters as `_`, cut to 64, a number added on a clash),
// which a call by the model is mapped back from.

const API_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Each name that needs one, to its alias; names every API takes are absent (they stand for themselves). */
export function aliasesOf(names: readonly string[]): Map<string, string> {
  const taken = new Set(names.filter((name) => API_NAME.test(name)));
  const aliases = new Map<string, string>();
  for (const name of names) {
    if (API_NAME.test(name)) continue;
    const base = `${/^[A-Za-z_]/.test(name) ? '' : '_'}${name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
    let alias = base;
    for (let n = 2; taken.has(alias); n++) alias = `${base.slice(0, 64 - `_${n}`.length)}_${n}`;
    taken.add(alias);
    aliases.set(name, alias);
  }
  return aliases;
}
