// Toolsets: named groups of tools a server declares (McpServer's `toolsets`), of which a client is
// served a selection. A tool in no toolset is always served. The selection a request names wins
// (HTTP's `X-MCP-Toolsets` header or `/x/<names>` path, fixed at initialize for a 2025 session),
// then the transport's (`serve --toolsets`), then the toolsets marked `default` (all when none is).
import { closest } from './closest.js';
import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';

/** One toolset as a server declares it. */
export interface ToolsetDeclaration {
  /** What its tools are for, for people choosing a selection (`zod-mcp inspect` shows it). */
  readonly description?: string;
  /** Selected when nothing else selects; with none marked, every toolset is. */
  readonly default?: boolean;
}

/** The name that selects every toolset. */
export const ALL_TOOLSETS = 'all';

/** A server's toolsets, checked when it is built. */
export interface Toolsets {
  /** The declared names, in declaration order. */
  readonly names: readonly string[];
  /** What is served when no selection is named. */
  readonly defaults: ReadonlySet<string>;
  /** The toolsets a selection names; a name the server does not declare throws, naming the known ones. */
  select(names: readonly string[]): ReadonlySet<string>;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks the `toolsets` option; undefined when a server declares none (then nothing is filtered). */
export function toolsetsOf(option: unknown): Toolsets | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError('toolsets: expected an object of toolsets by name ({ issues: { description } })');
  }
  const declared = Object.entries(option as Record<string, unknown>);
  for (const [name, declaration] of declared) {
    if (!NAME.test(name) || name === ALL_TOOLSETS) {
      throw new TypeError(
        `toolsets: ${JSON.stringify(name)} is not a toolset name (1 to 64 of A-Z a-z 0-9 _ -, not "all")`,
      );
    }
    const { description, default: isDefault, ...rest } = (declaration ?? {}) as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (typeof declaration !== 'object' || declaration === null || extra !== undefined) {
      throw new TypeError(
        `toolsets.${name}: expected { description?, default? }${extra === undefined ? '' : `, not ${extra}`}`,
      );
    }
    if (description !== undefined && typeof description !== 'string')
      throw new TypeError(`toolsets.${name}.description: expected a string`);
    if (isDefault !== undefined && typeof isDefault !== 'boolean')
      throw new TypeError(`toolsets.${name}.default: expected a boolean`);
  }
  const names = declared.map(([name]) => name);
  const marked = declared.filter(([, declaration]) => (declaration as ToolsetDeclaration).default === true);
  const defaults = new Set((marked.length === 0 ? declared : marked).map(([name]) => name));
  const known = new Set(names);
  return {
    names,
    defaults,
    select(selection) {
      if (selection.includes(ALL_TOOLSETS)) return known;
      const unknown = selection.find((name) => !known.has(name));
      if (unknown !== undefined) throw new UnknownToolset(unknown, names);
      return new Set(selection);
    },
  };
}

/** A selection named a toolset the server does not declare: never ignored, always refused. */
export class UnknownToolset extends ProtocolError {
  constructor(name: string, known: readonly string[]) {
    const near = closest(name, known);
    const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
    super(ErrorCode.InvalidRequest, `unknown toolset ${JSON.stringify(name)}${hint}: this server has ${listOf(known)}`);
  }
}

function listOf(names: readonly string[]): string {
  return names.length === 0 ? 'no toolsets' : `the toolsets ${names.join(', ')} (and "all")`;
}

/**
 * The toolsets of one request, from what it names (`undefined`: nothing), on a server that declares
 * `toolsets` (or none: then only `all` may be named). An unknown name throws UnknownToolset.
 */
export function selectionFor(
  toolsets: Toolsets | undefined,
  named: readonly string[] | undefined,
): ReadonlySet<string> | undefined {
  if (toolsets !== undefined) return named === undefined ? toolsets.defaults : toolsets.select(named);
  const unknown = named?.find((name) => name !== ALL_TOOLSETS);
  if (unknown !== undefined) throw new UnknownToolset(unknown, []);
  return undefined;
}

/** A selection as a list: `issues,repos` (a header's or a path's), spaces around names ignored, empty ones dropped. */
export function parseSelection(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Whether a tool is served under a selection: one in no toolset always is. */
export function inSelection(toolsets: readonly string[] | undefined, selected: ReadonlySet<string>): boolean {
  return toolsets === undefined || toolsets.some((name) => selected.has(name));
}
