// Zod issues (of either version) as the one line of text a client or a model reads.

/** One line naming each failing path and what was expected, e.g. `name: expected string, received number`. */
export function describeIssues(issues: readonly Issue[], prefix?: string | readonly PropertyKey[]): string {
  return issues.map((issue) => describeIssue(issue, prefix)).join('; ');
}

/** The part of a Zod 4 or Zod 3 issue that a reader needs. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** On type errors: the expected type, which Zod 3's "Required" leaves out of its message. */
  readonly expected?: unknown;
}

function describeIssue(issue: Issue, prefix: string | readonly PropertyKey[] | undefined): string {
  const path = formatPath(
    prefix === undefined ? issue.path : [...(typeof prefix === 'string' ? [prefix] : prefix), ...issue.path],
  );
  const message = issue.message
    .replace(/^Invalid input: /, '')
    .replace(/^Expected (.+), received /, 'expected $1, received ') // Zod 3 capitalises
    .replace(/^expected (.+), received undefined$/, 'missing, expected $1')
    .replace(/^Required$/, typeof issue.expected === 'string' ? `missing, expected ${issue.expected}` : 'missing');
  return path ? `${path}: ${message}` : message;
}

/** `a.b[0].c`; keys that are not identifiers are quoted: `a["x y"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
