import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../src/cli/serve-args.js';

const none = { demo: false, root: undefined, readOnly: false, confirmWrites: false, skills: undefined, http: false, port: undefined, host: undefined };

describe('parseServeArgs', () => {
  it.each([
    [[], none],
    [['--demo'], { ...none, demo: true }],
    [['--root', 'repo', '--read-only'], { ...none, root: 'repo', readOnly: true }],
    [['--root', 'repo', '--confirm-writes'], { ...none, root: 'repo', confirmWrites: true }],
    [['--skills', 'skills'], { ...none, skills: 'skills' }],
    [['--http'], { ...none, http: true }],
    [['--http', '--port', '0'], { ...none, http: true, port: 0 }],
    [['--port=8080', '--http', '--host', '::1', '--root=.'], { ...none, http: true, port: 8080, host: '::1', root: '.' }],
  ])('%j', (args, expected) => {
    expect(parseServeArgs(args)).toStrictEqual(expected);
  });

  it.each([
    [['--http', '--port', 'x'], 'serve: --port: not a port number: x'],
    [['--http', '--port', '70000'], 'serve: --port: not a port number: 70000'],
    [['--http', '--port'], "serve: Option '--port <value>' argument missing"],
    [['--http', '--verbose'], "serve: Unknown option '--verbose'"],
    [['--port', '1'], 'serve: --port and --host need --http'],
    [['--read-only'], 'serve: --read-only needs --root DIR'],
    [['--confirm-writes'], 'serve: --confirm-writes needs --root DIR'],
    [['--root', '.', '--read-only', '--confirm-writes'], 'serve: --confirm-writes and --read-only do not go together: a read-only root has no writes'],
    [['extra'], "serve: Unexpected argument 'extra'. This command does not take positional arguments"],
  ])('%j is refused', (args, message) => {
    expect(() => parseServeArgs(args)).toThrow(new Error(message));
  });
});
