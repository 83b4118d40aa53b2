// The fixture server the official MCP conformance suite (@modelcontextprotocol/conformance) expects,
// built from the public API alone. Listens on 127.0.0.1:$PORT/mcp (3000 by default).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { McpServer, defineTool, serveHttp } from '../../src/index.js';

/** A 1x1 red PNG. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
/** A WAV header with one silent 8-bit sample at 8 kHz. */
const SILENT_WAV = 'UklGRiUAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQEAAACA';

const noArguments = z.object({});

const simpleText = defineTool({
  name: 'test_simple_text',
  description: 'Returns a fixed text block.',
  input: noArguments,
  handler: () => 'This is a simple text response for testing.',
});

const image = defineTool({
  name: 'test_image_content',
  description: 'Returns a 1x1 red PNG.',
  input: noArguments,
  handler: () => [{ type: 'image' as const, data: RED_PIXEL_PNG, mimeType: 'image/png' }],
});

const audio = defineTool({
  name: 'test_audio_content',
  description: 'Returns a tiny silent WAV.',
  input: noArguments,
  handler: () => [{ type: 'audio' as const, data: SILENT_WAV, mimeType: 'audio/wav' }],
});

const embeddedResource = defineTool({
  name: 'test_embedded_resource',
  description: 'Returns an embedded text resource.',
  input: noArguments,
  handler: () => [
    {
      type: 'resource' as const,
      resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' },
    },
  ],
});

const mixedContent = defineTool({
  name: 'test_multiple_content_types',
  description: 'Returns text, an image and an embedded resource.',
  input: noArguments,
  handler: () => [
    { type: 'text' as const, text: 'Multiple content types test:' },
    { type: 'image' as const, data: RED_PIXEL_PNG, mimeType: 'image/png' },
    {
      type: 'resource' as const,
      resource: {
        uri: 'test://mixed-content-resource',
        mimeType: 'application/json',
        text: JSON.stringify({ test: 'data', value: 123 }),
      },
    },
  ],
});

const withLogging = defineTool({
  name: 'test_tool_with_logging',
  description: 'Sends three info log messages, 50 ms apart, then answers.',
  input: noArguments,
  handler: async (_args, { log }) => {
    log('info', 'Tool execution started');
    await sleep(50);
    log('info', 'Tool processing data');
    await sleep(50);
    log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  },
});

const withProgress = defineTool({
  name: 'test_tool_with_progress',
  description: 'Reports progress 0, 50 and 100 of 100, 50 ms apart, then answers.',
  input: noArguments,
  handler: async (_args, { progress }) => {
    progress(0, 100);
    await sleep(50);
    progress(50, 100);
    await sleep(50);
    progress(100, 100);
    return 'Tool with progress executed successfully';
  },
});

const errorHandling = defineTool({
  name: 'test_error_handling',
  description: 'Always fails.',
  input: noArguments,
  handler: () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});

const address = z.object({ street: z.string().optional(), city: z.string().optional() }).meta({ id: 'address' });

/** SEP-1613: the suite checks that `$schema`, `$defs` (from the `id` above) and `additionalProperties` reach tools/list. */
const jsonSchema2020 = defineTool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features',
  input: z.strictObject({ name: z.string().optional(), address: address.optional() }),
  handler: (args) => `received ${JSON.stringify(args)}`,
});

const conformanceTools = [
  simpleText,
  image,
  audio,
  embeddedResource,
  mixedContent,
  withLogging,
  withProgress,
  errorHandling,
  jsonSchema2020,
];

const server = new McpServer({ name: 'zod-mcp-conformance', version: '0.0.0', tools: conformanceTools });
const handle = await serveHttp(server, { host: '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
process.stderr.write(`conformance server listening on ${handle.url}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    handle.close().then(() => process.exit(0));
  });
}
