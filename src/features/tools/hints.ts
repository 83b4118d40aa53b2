// What a tool says of where it is served and how a host loads it: its toolsets, and the hints Claude
// Code reads in tools/list (`_meta["anthropic/alwaysLoad"]`: never deferred behind its tool search;
// `_meta["anthropic/searchHint"]`: words its search matches), which search mode reads too.

export const ALWAYS_LOAD_KEY = 'anthropic/alwaysLoad';
export const SEARCH_HINT_KEY = 'anthropic/searchHint';

export interface HostHints {
  readonly alwaysLoad: boolean;
  readonly searchHint: string | undefined;
  /** The tool's `_meta` with the hints written in. */
  readonly meta: Record<string, unknown> | undefined;
}

/** The hints checked and written into `_meta`; the same key given both ways is refused. */
export function hostHints(
  alwaysLoad: unknown,
  searchHint: unknown,
  meta: Record<string, unknown> | undefined,
  owner: string,
): HostHints {
  if (alwaysLoad !== undefined && typeof alwaysLoad !== 'boolean')
    throw new TypeError(`${owner}: alwaysLoad must be a boolean`);
  if (searchHint !== undefined && (typeof searchHint !== 'string' || searchHint.trim() === ''))
    throw new TypeError(`${owner}: searchHint must be a non-empty string`);
  const written: Record<string, unknown> = {};
  if (alwaysLoad === true) written[ALWAYS_LOAD_KEY] = true;
  if (searchHint !== undefined) written[SEARCH_HINT_KEY] = searchHint;
  for (const key of Object.keys(written)) {
    if (meta !== undefined && key in meta) {
      const option = key === ALWAYS_LOAD_KEY ? 'alwaysLoad' : 'searchHint';
      throw new TypeError(`${owner}: give ${option} or _meta["${key}"], not both (${option} writes it)`);
    }
  }
  const given = meta ?? {};
  return {
    alwaysLoad: alwaysLoad === true || given[ALWAYS_LOAD_KEY] === true,
    searchHint: (searchHint as string | undefined) ?? stringOr(given[SEARCH_HINT_KEY]),
    meta: Object.keys(written).length === 0 ? meta : { ...given, ...written },
  };
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `toolset` as a list: a name or several, each once. */
export function checkToolsets(toolset: unknown, owner: string): readonly string[] | undefined {
  if (toolset === undefined) return undefined;
  const names = typeof toolset === 'string' ? [toolset] : toolset;
  if (!Array.isArray(names) || names.length === 0 || !names.every((name) => typeof name === 'string')) {
    throw new TypeError(`${owner}: toolset must be a toolset's name, or a list of them`);
  }
  return Object.freeze([...new Set(names as string[])]);
}
