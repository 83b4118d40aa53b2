// How a schema refused at definition time names its field: the same text for Zod 3 and Zod 4.

/** `["a", "[]", "b"]` -> `a[].b`; `[]` stands for any element of an array, tuple or record. */
export function formatField(steps: readonly string[]): string {
  let out = '';
  for (const step of steps) out += step === '[]' || !out ? step : `.${step}`;
  return out || '(root)';
}

/** e.g. `tool "t" input: field "a[].b": Set cannot be represented in JSON Schema`. */
export function refuseField(owner: string, steps: readonly string[], reason: string): TypeError {
  return new TypeError(`${owner}: field "${formatField(steps)}": ${reason}`);
}
