// node:fs plus a `globSync(pattern, { cwd })` for Node 20: relative paths of the files and folders
// under cwd whose path matches the pattern. Patterns: `*` and `?` within a segment, `**` for any
// number of segments. Enough for the conformance suite's one use (`**/checks.json`).
import fs from 'node:fs';
import path from 'node:path';

export * from 'node:fs';
export default fs;

export function globSync(pattern, options = {}) {
  const cwd = options.cwd ?? process.cwd();
  const patterns = (Array.isArray(pattern) ? pattern : [pattern]).map(toRegExp);
  const entries = fs.readdirSync(cwd, { recursive: true });
  return entries
    .map((entry) => String(entry).split(path.sep).join('/'))
    .filter((entry) => patterns.some((re) => re.test(entry)));
}

function toRegExp(pattern) {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  let source = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segment
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '[^/]*')
      .replaceAll('?', '[^/]');
    if (!last) source += '/';
  });
  return new RegExp(`^${source}$`);
}
