// What the fake model API answers in the agent tests: a first reply that asks for the test server's
// tools (good arguments, bad ones, an unknown tool, a question for the user, a task, an image, and
// where the API sends arguments as text, a text that is no JSON), then a last reply with no tool call.

/** The calls of the first reply: name, the arguments the model sends, and the id it gives. */
export const CALLS = [
  { id: 'c1', name: 'add', args: '{"a":1,"b":2,"note":null}' },
  { id: 'c2', name: 'add', args: '{"a":"x"}' },
  { id: 'c3', name: 'nope', args: '{}' },
  { id: 'c4', name: 'confirm', args: '{"what":"deploy"}' },
  { id: 'c5', name: 'build', args: '{"target":"app"}' },
  { id: 'c6', name: 'logo', args: '{}' },
  { id: 'c7', name: 'add', args: '{"a": 1, "b": }' },
] as const;

/**
 * The calls of an API that sends arguments as objects: the same but for the text that cannot be
 * parsed, and the `null` that only OpenAI's strict mode makes a model send for a field left out.
 */
export const OBJECT_CALLS = CALLS.filter((call) => call.id !== 'c7').map((call) => ({
  ...call,
  input: call.id === 'c1' ? { a: 1, b: 2 } : (JSON.parse(call.args) as Record<string, unknown>),
}));

export const BAD_ARGUMENTS =
  'Invalid arguments for tool add: a: expected number, received string; b: missing, expected number';
export const NOT_JSON = `Invalid arguments for tool add: not JSON: Unexpected token '}', "{"a": 1, "b": }" is not valid JSON`;
export const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A Messages API reply: the content, and why it stopped (`tool_use` or `end_turn`). */
export const anthropicMessage = (id: string, content: unknown[], stop: 'tool_use' | 'end_turn') => ({
  id,
  type: 'message',
  role: 'assistant',
  model: 'test-model',
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: { input_tokens: 10, output_tokens: 10 },
});

/** A Responses API response holding `output`. */
export const response = (id: string, output: unknown[]) => ({
  id,
  object: 'response',
  created_at: 1,
  status: 'completed',
  model: 'test-model',
  output,
  parallel_tool_calls: true,
  tool_choice: 'auto',
  tools: [],
});

/** A Responses API message item saying `text`. */
export const responsesMessage = (text: string) => ({
  type: 'message',
  id: 'msg_2',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

export const anthropicReplies = [
  anthropicMessage(
    'msg_1',
    [
      { type: 'text', text: 'Working on it.' },
      ...OBJECT_CALLS.map(({ id, name, input }) => ({ type: 'tool_use', id, name, input })),
    ],
    'tool_use',
  ),
  anthropicMessage('msg_2', [{ type: 'text', text: 'All done.' }], 'end_turn'),
];

export const responsesReplies = [
  response(
    'resp_1',
    CALLS.map(({ id, name, args }) => ({
      type: 'function_call',
      id: `fc_${id}`,
      call_id: id,
      name,
      arguments: args,
      status: 'completed',
    })),
  ),
  response('resp_2', [responsesMessage('All done.')]),
];

const completion = (id: string, message: Record<string, unknown>, finish: string) => ({
  id,
  object: 'chat.completion',
  created: 1,
  model: 'test-model',
  choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

/** The calls the AI SDK is sent: it answers an unknown tool and a text that is no JSON itself, and sends no null. */
export const AI_SDK_CALLS = CALLS.filter((call) => call.id !== 'c3' && call.id !== 'c7').map((call) =>
  call.id === 'c1' ? { ...call, args: '{"a":1,"b":2}' } : call,
);

export const chatToolCalls = (calls: readonly { id: string; name: string; args: string }[]) =>
  calls.map(({ id, name, args }) => ({ id, type: 'function', function: { name, arguments: args } }));

export const chatReplies = (calls: readonly { id: string; name: string; args: string }[] = CALLS) => [
  completion('chat_1', { role: 'assistant', content: null, tool_calls: chatToolCalls(calls) }, 'tool_calls'),
  completion('chat_2', { role: 'assistant', content: 'All done.' }, 'stop'),
];

export const geminiReplies = [
  {
    candidates: [
      {
        index: 0,
        finishReason: 'STOP',
        content: {
          role: 'model',
          parts: OBJECT_CALLS.map(({ id, name, input }) => ({ functionCall: { id, name, args: input } })),
        },
      },
    ],
  },
  { candidates: [{ index: 0, finishReason: 'STOP', content: { role: 'model', parts: [{ text: 'All done.' }] } }] },
];
