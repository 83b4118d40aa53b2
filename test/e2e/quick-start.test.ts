// The README's quick start, run as a newcomer runs it: `npm run mcp-server` is the seed's tools/call
// case (fixtures/tools-call-handler), and what it prints is that case's expected file, exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/run.js';

const fixture = join(root, 'fixtures', 'tools-call-handler');

describe('npm run mcp-server', () => {
  it("prints fixtures/tools-call-handler/expected.json: the same bytes once the file's indentation is taken out, key order included", async () => {
    const result = await run('npm', ['run', '-s', 'mcp-server']);
    // expected.json is indented for reading; process mode prints one line. JSON.parse keeps key
    // order, so this is the file's own text, member for member, as one line.
    const expected = `${JSON.stringify(JSON.parse(readFileSync(join(fixture, 'expected.json'), 'utf8')))}\n`;
    expect(result).toStrictEqual({ code: 0, stdout: expected, stderr: '' });
    expect(result.stdout).toBe(
      '{"responses":[{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"echo({\\"x\\":1})"}],"isError":false}},' +
        '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"unknown tool: nope"}],"isError":true}}]}\n',
    );
  }, 60_000);

  it("runs the seed's own case file", () => {
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['mcp-server']).toBe('tsx program.ts mcp-server fixtures/tools-call-handler/case.json');
  });
});
