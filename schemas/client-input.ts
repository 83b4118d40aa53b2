// Asking the client (MCP 2025-11-25 "Elicitation", "Sampling", "Roots"; MCP 2026-07-28 "Multi
// Round-Trip Requests"): the requests a server sends, what the client answers, and the 2026 result
// that carries them.
import { z } from 'zod/v4';
import { AudioContent, ContentBlock, ImageContent, Meta, TextContent } from './common.js';
import { lazy, sent } from './direction.js';
import { Tool } from './tools.js';

// ---- elicitation ------------------------------------------------------------------------------

const Labels = lazy(() => ({ title: z.string().optional(), description: z.string().optional() }));
const Option = lazy(() => z.object({ const: z.string(), title: z.string() }));

export const StringSchema = sent(() =>
  z.strictObject({
    type: z.literal('string'),
    ...Labels(),
    minLength: z.int().min(0).optional(),
    maxLength: z.int().min(0).optional(),
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    default: z.string().optional(),
  }),
);
export const NumberSchema = sent(() =>
  z.strictObject({
    type: z.enum(['number', 'integer']),
    ...Labels(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional(),
  }),
);
export const BooleanSchema = sent(() =>
  z.strictObject({ type: z.literal('boolean'), ...Labels(), default: z.boolean().optional() }),
);
/** Single select: `enum` (untitled; `enumNames` is the legacy way to title it) or `oneOf` of const/title pairs. */
export const SingleSelectEnumSchema = sent(() =>
  z.union([
    z.strictObject({
      type: z.literal('string'),
      ...Labels(),
      enum: z.array(z.string()),
      enumNames: z.array(z.string()).optional(),
      default: z.string().optional(),
    }),
    z.strictObject({
      type: z.literal('string'),
      ...Labels(),
      oneOf: z.array(Option()),
      default: z.string().optional(),
    }),
  ]),
);
/** Multi select: `items.enum` (untitled) or `items.anyOf` of const/title pairs (SEP-1330). */
export const MultiSelectEnumSchema = sent(() =>
  z.strictObject({
    type: z.literal('array'),
    ...Labels(),
    minItems: z.int().min(0).optional(),
    maxItems: z.int().min(0).optional(),
    items: z.union([
      z.strictObject({ type: z.literal('string'), enum: z.array(z.string()) }),
      z.strictObject({ anyOf: z.array(Option()) }),
    ]),
    default: z.array(z.string()).optional(),
  }),
);
export const PrimitiveSchemaDefinition = sent(() =>
  z.union([StringSchema(), NumberSchema(), BooleanSchema(), SingleSelectEnumSchema(), MultiSelectEnumSchema()]),
);
export type PrimitiveSchemaDefinition = z.infer<ReturnType<typeof PrimitiveSchemaDefinition>>;

/** The restricted JSON Schema of a form: top-level primitive properties only. */
export const RequestedSchema = sent(() =>
  z.object({
    type: z.literal('object'),
    properties: z.record(z.string(), PrimitiveSchemaDefinition()),
    required: z.array(z.string()).optional(),
  }),
);
export type RequestedSchema = z.infer<ReturnType<typeof RequestedSchema>>;

export const ElicitFormParams = sent(() =>
  z.object({
    mode: z.literal('form').optional(),
    message: z.string(),
    requestedSchema: RequestedSchema(),
    _meta: Meta().optional(),
  }),
);
/** URL mode: the user goes to `url` out of band. `elicitationId` exists on 2025-11-25 only. */
export const ElicitUrlParams = sent(() =>
  z.object({
    mode: z.literal('url'),
    message: z.string(),
    url: z.url(),
    elicitationId: z.string().optional(),
    _meta: Meta().optional(),
  }),
);
export const ElicitParams = sent(() => z.union([ElicitFormParams(), ElicitUrlParams()]));
export type ElicitParams = z.infer<ReturnType<typeof ElicitParams>>;

export const ElicitResult = lazy(() =>
  z.looseObject({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    _meta: Meta().optional(),
  }),
);
export type ElicitResult = z.infer<ReturnType<typeof ElicitResult>>;

// ---- sampling -----------------------------------------------------------------------------------

export const ToolUseContent = lazy(() =>
  z.object({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    _meta: Meta().optional(),
  }),
);
export const ToolResultContent = lazy(() =>
  z.object({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(ContentBlock()),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    isError: z.boolean().optional(),
    _meta: Meta().optional(),
  }),
);
// Typed as a union for the reason ContentBlock is (common.ts).
export const SamplingContent: () => z.ZodUnion<
  [
    ReturnType<typeof TextContent>,
    ReturnType<typeof ImageContent>,
    ReturnType<typeof AudioContent>,
    ReturnType<typeof ToolUseContent>,
    ReturnType<typeof ToolResultContent>,
  ]
> = lazy(() =>
  z.discriminatedUnion('type', [TextContent(), ImageContent(), AudioContent(), ToolUseContent(), ToolResultContent()]),
);
export type SamplingContent = z.infer<ReturnType<typeof SamplingContent>>;

export const SamplingMessage = lazy(() =>
  z.object({
    role: z.enum(['user', 'assistant']),
    content: z.union([SamplingContent(), z.array(SamplingContent())]),
    _meta: Meta().optional(),
  }),
);
export type SamplingMessage = z.infer<ReturnType<typeof SamplingMessage>>;

export const ModelPreferences = lazy(() =>
  z.object({
    hints: z.array(z.looseObject({ name: z.string().optional() })).optional(),
    costPriority: z.number().min(0).max(1).optional(),
    speedPriority: z.number().min(0).max(1).optional(),
    intelligencePriority: z.number().min(0).max(1).optional(),
  }),
);

export const CreateMessageParams = sent(() =>
  z.object({
    messages: z.array(SamplingMessage()),
    modelPreferences: ModelPreferences().optional(),
    systemPrompt: z.string().optional(),
    includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
    temperature: z.number().optional(),
    maxTokens: z.int().min(1),
    stopSequences: z.array(z.string()).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    /** Tools the model may use; the client must declare `sampling.tools`. */
    tools: z.array(Tool()).optional(),
    toolChoice: z.object({ mode: z.enum(['auto', 'required', 'none']).optional() }).optional(),
    _meta: Meta().optional(),
  }),
);
export type CreateMessageParams = z.infer<ReturnType<typeof CreateMessageParams>>;

export const CreateMessageResult = lazy(() =>
  z.looseObject({
    role: z.enum(['user', 'assistant']),
    content: z.union([SamplingContent(), z.array(SamplingContent())]),
    model: z.string(),
    stopReason: z.string().optional(),
    _meta: Meta().optional(),
  }),
);
export type CreateMessageResult = z.infer<ReturnType<typeof CreateMessageResult>>;

// ---- roots --------------------------------------------------------------------------------------

export const Root = lazy(() =>
  z.looseObject({ uri: z.string(), name: z.string().optional(), _meta: Meta().optional() }),
);
export type Root = z.infer<ReturnType<typeof Root>>;
export const ListRootsResult = lazy(() => z.looseObject({ roots: z.array(Root()), _meta: Meta().optional() }));
export type ListRootsResult = z.infer<ReturnType<typeof ListRootsResult>>;

// ---- multi round-trip requests (2026) -----------------------------------------------------------

const ElicitInputRequest = lazy(() => z.object({ method: z.literal('elicitation/create'), params: ElicitParams() }));
const SamplingInputRequest = lazy(() =>
  z.object({ method: z.literal('sampling/createMessage'), params: CreateMessageParams() }),
);
const RootsInputRequest = lazy(() =>
  z.object({
    method: z.literal('roots/list'),
    params: z.object({ _meta: Meta().optional() }).optional(),
  }),
);
// Typed as a union for the reason ContentBlock is (common.ts).
export const InputRequest: () => z.ZodUnion<
  [ReturnType<typeof ElicitInputRequest>, ReturnType<typeof SamplingInputRequest>, ReturnType<typeof RootsInputRequest>]
> = sent(() => z.discriminatedUnion('method', [ElicitInputRequest(), SamplingInputRequest(), RootsInputRequest()]));
export type InputRequest = z.infer<ReturnType<typeof InputRequest>>;

export const InputRequests = sent(() => z.record(z.string(), InputRequest()));
export type InputRequests = z.infer<ReturnType<typeof InputRequests>>;
/** The client's answers, by the keys of the server's `inputRequests`; each is checked when its key is read. */
export const InputResponses = lazy(() => z.record(z.string(), z.unknown()));

export const InputRequiredResult = sent(() =>
  z.object({
    resultType: z.literal('input_required'),
    inputRequests: InputRequests().optional(),
    requestState: z.string().optional(),
    _meta: Meta().optional(),
  }),
);
export type InputRequiredResult = z.infer<ReturnType<typeof InputRequiredResult>>;

/** `data` of the -32602 a requestState that does not verify gets. */
export const InvalidRequestStateData = sent(() =>
  z.object({ reason: z.literal('invalid_request_state'), detail: z.string() }),
);
