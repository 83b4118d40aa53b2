// The built `zod-mcp serve --http --metrics`: the URL it prints, and a scrape after calls in both eras.
import { describe, expect, it } from 'vitest';
import { envelope, V2026 } from '../../../helpers/eras.js';
import { startServe } from '../../../helpers/serve-process.js';
import { PROTOCOL, callFrame, openSession, post, until } from '../helpers.js';
import { scrape, sorted } from './scrape.js';

const http = { network_transport: 'tcp', network_protocol_name: 'http' };
const add = { mcp_method_name: 'tools/call', gen_ai_tool_name: 'add', gen_ai_operation_name: 'execute_tool', ...http };

describe('serve --http --metrics', () => {
  it.each([[[] as string[]], [['--metrics-port', '0']]])(
    '%j: prints where the metrics are, and they count the calls of both eras',
    async (extra) => {
      const served = await startServe(['--port', '0', '--demo', '--metrics', ...extra]);
      try {
        await until(() => served.stderr().includes('Prometheus metrics at')); // the line after the one startServe waits for
        const url = /Prometheus metrics at (\S+)/.exec(served.stderr())![1]!;
        expect(new URL(url).pathname).toBe('/metrics');
        const session = await openSession(served.url);
        await post(served.url, callFrame(2, 'add', { a: 1, b: 2 }), { 'mcp-session-id': session });
        await post(served.url, callFrame('a', 'add', { a: 1, b: 2 }, envelope()), {
          'mcp-protocol-version': V2026,
          'mcp-method': 'tools/call',
          'mcp-name': 'add',
        });
        const families = await scrape(url);
        expect(
          sorted(
            families
              .get('mcp_server_operation_duration')
              ?.filter((series) => series.labels.mcp_method_name !== 'initialize'),
          ),
        ).toStrictEqual(
          sorted([
            { labels: { ...add, mcp_protocol_version: PROTOCOL }, value: 1 },
            { labels: { ...add, mcp_protocol_version: V2026 }, value: 1 },
          ]),
        );
        expect(families.get('zod_mcp_http_open_sessions')).toStrictEqual([{ labels: {}, value: 1 }]);
      } finally {
        await served.stop();
      }
    },
  );
});
