// What known clients and model APIs refuse in a tool's JSON Schema, found before a client does.
// Errors break a client (the tool, or the whole server, is refused); warnings lose something.

export interface Problem {
  readonly level: 'error' | 'warning';
  /** e.g. `tool "pick" input`. */
  readonly where: string;
  readonly text: string;
}

/** The property names Anthropic's API accepts in a tool's input_schema. */
const API_PROPERTY_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
/** The names Anthropic's and OpenAI's APIs accept for a tool (MCP allows 128 characters and dots). */
const API_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function lintTool(tool: {
  name: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}): Problem[] {
  const owner = `tool "${tool.name}"`;
  const problems: Problem[] = [...lintSchema(tool.inputSchema, `${owner} input`, true)];
  if (tool.outputSchema !== undefined) problems.push(...lintSchema(tool.outputSchema, `${owner} output`, false));
  if (!API_TOOL_NAME.test(tool.name)) {
    problems.push({
      level: 'warning',
      where: owner,
      text:
        "the name is not ^[A-Za-z0-9_-]{1,64}$, which Anthropic's and OpenAI's APIs require of tool names: " +
        'clients that pass it on as it is fail',
    });
  }
  if ((tool.description ?? '').trim() === '') {
    problems.push({ level: 'warning', where: owner, text: 'no description: the model has only the name to go on' });
  }
  return problems;
}

function lintSchema(schema: unknown, where: string, input: boolean): Problem[] {
  const problems: Problem[] = [];
  const root = (typeof schema === 'object' && schema !== null ? schema : {}) as Record<string, unknown>;
  if (root.type !== 'object') {
    problems.push({
      level: 'error',
      where,
      text: 'the root is not `type: "object"`, which MCP and every model API require',
    });
  }
  const combined = ['oneOf', 'anyOf', 'allOf'].filter((key) => key in root);
  if (input && combined.length > 0) {
    problems.push({
      level: 'error',
      where,
      text:
        `a top-level ${combined.join(', ')}, which Anthropic's API refuses in a tool's input_schema (the tool, ` +
        'or the whole request, is rejected): describe the variants in the properties instead',
    });
  }
  const keys = propertyKeysIn(schema).filter((key) => !API_PROPERTY_KEY.test(key));
  if (keys.length > 0) {
    problems.push({
      level: 'warning',
      where,
      text:
        `${keys.length === 1 ? 'the property name' : 'property names'} ${listed(keys)} ` +
        `${keys.length === 1 ? 'is' : 'are'} not ^[A-Za-z0-9_.-]{1,64}$, ` +
        "which Anthropic's API requires of property names",
    });
  }
  const refs = refsIn(schema);
  if (refs.length > 0) {
    problems.push({
      level: 'error',
      where,
      text:
        `$ref at ${refs.slice(0, 3).join(', ')}${refs.length > 3 ? ', …' : ''}: several clients and model APIs ` +
        'do not resolve references (a recursive schema needs them; inline the rest)',
    });
  }
  return problems;
}

/** Keywords whose value is data, not a schema (a `$ref` key inside one is not a reference). */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
/** Keywords whose value maps names to schemas: the names are never keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** JSON Pointer paths of every `$ref` in the schema. */
function refsIn(node: unknown, path = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => refsIn(child, `${path}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}/${pointerStep(key)}`;
    if (key === '$ref' && typeof value === 'string') found.push(path);
    else if (DATA_KEYWORDS.has(key)) continue;
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) found.push(...refsIn(child, `${at}/${pointerStep(name)}`));
    } else found.push(...refsIn(value, at));
  }
  return found;
}

function pointerStep(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Every property name at any depth, each once. */
function propertyKeysIn(node: unknown, seen = new Set<string>()): string[] {
  if (Array.isArray(node)) for (const child of node) propertyKeysIn(child, seen);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'properties' && typeof value === 'object' && value !== null)
        for (const name of Object.keys(value)) seen.add(name);
      propertyKeysIn(value, seen);
    }
  }
  return [...seen];
}

/** The first three, quoted, and `…` when there are more. */
function listed(keys: readonly string[]): string {
  return `${keys
    .slice(0, 3)
    .map((key) => JSON.stringify(key))
    .join(', ')}${keys.length > 3 ? ', …' : ''}`;
}
