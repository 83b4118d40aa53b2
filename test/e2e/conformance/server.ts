// The fixture server the official MCP conformance suite (@modelcontextprotocol/conformance) expects,
// built from the public API alone. Listens on 127.0.0.1:$PORT/mcp (3000 by default).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { clientInputPrompts, clientInputTools } from './client-input.js';
import { taskTools } from './tasks.js';
import {
  ErrorCode,
  McpServer,
  ProtocolError,
  definePrompt,
  defineResource,
  defineResourceTemplate,
  defineTool,
} from '../../../src/index.js';
import { serveHttp } from '../../../src/node.js';
import { skillsFrom } from '../../../src/skills.js';

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
      resource: {
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      },
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

const address = z
  .object({ street: z.string().optional(), city: z.string().optional() })
  .meta({ id: 'address', $anchor: 'addressDef' });

/**
 * SEP-1613 and SEP-2106: `$schema`, `$defs`, `additionalProperties`, and keywords Zod cannot produce
 * (`$anchor`, `allOf`/`anyOf`, `if`/`then`/`else`) reach tools/list verbatim, attached with `.meta()`.
 */
const jsonSchema2020 = defineTool({
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features',
  input: z
    .strictObject({
      name: z.string().optional(),
      address: address.optional(),
      contactMethod: z.enum(['phone', 'email']).optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
    })
    .meta({
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
    }),
  handler: (args) => `received ${JSON.stringify(args)}`,
});

/** server-stateless: needs the client's sampling capability, which the suite does not declare. */
const missingCapability = defineTool({
  name: 'test_missing_capability',
  description: 'Needs the client to support sampling; refuses with -32021 otherwise.',
  input: noArguments,
  handler: (_args, { client }) => {
    if (client.capabilities.sampling === undefined) {
      throw new ProtocolError(ErrorCode.MissingRequiredClientCapability, { requiredCapabilities: { sampling: {} } });
    }
    return 'Success';
  },
});

/** server-stateless: the response stream carries notifications and the answer, never a server request. */
const streamingElicitation = defineTool({
  name: 'test_streaming_elicitation',
  description: 'Reports progress, then answers; asks the client nothing on the stream.',
  input: noArguments,
  handler: async (_args, { progress }) => {
    progress(1, 2);
    await sleep(10);
    progress(2, 2);
    return 'Streaming complete';
  },
});

/** server-stateless: logs only when the request's _meta sets a log level. */
const loggingTool = defineTool({
  name: 'test_logging_tool',
  description: 'Logs one info message, then answers.',
  input: noArguments,
  handler: (_args, { log }) => {
    log('info', 'Logging evaluated');
    return 'Logging evaluated';
  },
});

/** Added and removed by test_trigger_tool_change, so that the tool list really changes. */
const dynamicTool = defineTool({
  name: 'test_dynamic_tool',
  description: 'Comes and goes with each test_trigger_tool_change call.',
  input: noArguments,
  handler: () => 'here',
});

/** server-stateless: changes the tool list; clients hear notifications/tools/list_changed. */
const triggerToolChange = defineTool({
  name: 'test_trigger_tool_change',
  description: 'Adds test_dynamic_tool, or removes it if present.',
  input: noArguments,
  handler: () => {
    if (!server.removeTool(dynamicTool.name)) server.addTool(dynamicTool);
    return 'Mutation triggered';
  },
});

/** http-custom-header-server-validation: `region` is mirrored in the Mcp-Param-Region header (SEP-2243). */
const regionTool = defineTool({
  name: 'test_region_header',
  description: 'Echoes the region it was given; 2026 HTTP clients send it in Mcp-Param-Region too.',
  input: z.object({ region: z.string().meta({ 'x-mcp-header': 'Region' }) }),
  handler: ({ region }) => `region: ${region}`,
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
  missingCapability,
  streamingElicitation,
  loggingTool,
  triggerToolChange,
  regionTool,
];

// ---- resources (SPEC §4.2) ----

const staticText = defineResource({
  uri: 'test://static-text',
  name: 'static-text',
  description: 'A static text resource.',
  mimeType: 'text/plain',
  read: () => 'This is the content of the static text resource.',
});

const staticBinary = defineResource({
  uri: 'test://static-binary',
  name: 'static-binary',
  description: 'A 1x1 red PNG.',
  mimeType: 'image/png',
  read: () => Buffer.from(RED_PIXEL_PNG, 'base64'),
});

const template = defineResourceTemplate({
  uriTemplate: 'test://template/{id}/data',
  name: 'template',
  description: 'Data for an id, as JSON.',
  mimeType: 'application/json',
  variables: z.object({ id: z.string() }),
  read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
});

const watched = defineResource({
  uri: 'test://watched-resource',
  name: 'watched-resource',
  description: 'A resource clients may subscribe to.',
  mimeType: 'text/plain',
  read: () => 'Watched resource content',
});

// ---- prompts (SPEC §4.3) and completion (§4.4) ----

const simplePrompt = definePrompt({
  name: 'test_simple_prompt',
  description: 'A simple prompt without arguments',
  get: () => 'This is a simple prompt for testing.',
});

const promptWithArguments = definePrompt({
  name: 'test_prompt_with_arguments',
  description: 'A prompt with required arguments',
  arguments: z.object({
    arg1: z.string().describe('First test argument'),
    arg2: z.string().describe('Second test argument'),
  }),
  complete: { arg1: (value) => ['paris', 'partial', 'test-value'].filter((item) => item.startsWith(value)) },
  get: ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`,
});

const promptWithResource = definePrompt({
  name: 'test_prompt_with_embedded_resource',
  description: 'A prompt that includes an embedded resource',
  arguments: z.object({ resourceUri: z.string().describe('The URI of the resource to embed') }),
  get: ({ resourceUri }) => [
    {
      role: 'user' as const,
      content: {
        type: 'resource' as const,
        resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
      },
    },
    { role: 'user' as const, content: { type: 'text' as const, text: 'Please process the embedded resource above.' } },
  ],
});

const promptWithImage = definePrompt({
  name: 'test_prompt_with_image',
  description: 'A prompt that includes image content',
  get: () => [
    { role: 'user' as const, content: { type: 'image' as const, data: RED_PIXEL_PNG, mimeType: 'image/png' } },
    { role: 'user' as const, content: { type: 'text' as const, text: 'Please analyze the image above.' } },
  ],
});

const triggerPromptChange = defineTool({
  name: 'test_trigger_prompt_change',
  description: 'Adds a prompt, or removes it if present; clients hear notifications/prompts/list_changed.',
  input: noArguments,
  handler: () => {
    if (!server.removePrompt(dynamicPrompt.name)) server.addPrompt(dynamicPrompt);
    return 'Mutation triggered';
  },
});

const dynamicPrompt = definePrompt({
  name: 'test_dynamic_prompt',
  description: 'Comes and goes with test_trigger_prompt_change.',
  get: () => 'here',
});

// ---- the skills extension (SEP-2640): one skill with a file in a subfolder ----
const skills = await skillsFrom(fileURLToPath(new URL('./skills/', import.meta.url)));

const server = new McpServer({
  name: 'zod-mcp-conformance',
  version: '0.0.0',
  tools: [...conformanceTools, triggerPromptChange, ...clientInputTools, ...taskTools],
  tasks: { taskAfterMs: 100 },
  extensions: [skills],
  resources: [staticText, staticBinary, template, watched],
  prompts: [simplePrompt, promptWithArguments, promptWithResource, promptWithImage, ...clientInputPrompts],
});
const handle = await serveHttp(server, { host: '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
process.stderr.write(`conformance server listening on ${handle.url}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void handle.close().then(() => process.exit(0));
  });
}
