// The conformance fixture's tools and prompt that ask the client: the four 2025 scenarios (real
// server-to-client requests) and the 2026 input-required-result-* scenarios (MRTR). Each is
// written once with ctx.ask; the era decides how the questions travel.
import { z } from 'zod';
import { defineTool, definePrompt, elicit, listRoots, sample, type Ask } from '../../../src/index.js';

const noArguments = z.object({});
const Name = z.object({ name: z.string() });

const textOf = (message: { content: unknown }) => {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return blocks.map((block) => (block as { text?: string }).text ?? '').join('');
};
const rootsText = (roots: { uri: string; name?: string }[]) =>
  roots.length === 0 ? 'no roots' : roots.map((root) => root.uri).join(', ');

// ---- 2025: server-to-client requests ----

const testSampling = defineTool({
  name: 'test_sampling',
  description: "Asks the client's model to answer the prompt (sampling/createMessage).",
  input: z.object({ prompt: z.string().describe('What to ask the model') }),
  handler: async ({ prompt }, ctx) => {
    const { reply } = await ctx.ask({ reply: sample({ messages: prompt, maxTokens: 100 }) });
    return `LLM response: ${textOf(reply)}`;
  },
});

const testElicitation = defineTool({
  name: 'test_elicitation',
  description: 'Asks the user for a username and an email (elicitation/create).',
  input: z.object({ message: z.string().describe('What to tell the user') }),
  handler: async ({ message }, ctx) => {
    const form = z.object({
      username: z.string().describe("The user's name"),
      email: z.email().describe("The user's email"),
    });
    const { user } = await ctx.ask({ user: elicit(message, form) });
    return `User response: action=${user.action}${user.action === 'accept' ? `, content=${JSON.stringify(user.content)}` : ''}`;
  },
});

const testDefaults = defineTool({
  name: 'test_elicitation_sep1034_defaults',
  description: 'Elicits a form whose every field has a default (SEP-1034).',
  input: noArguments,
  handler: async (_args, ctx) => {
    const form = z.object({
      name: z.string().default('John Doe').describe('User name'),
      age: z.int().default(30).describe('User age'),
      score: z.number().default(95.5).describe('User score'),
      status: z.enum(['active', 'inactive', 'pending']).default('active').describe('User status'),
      verified: z.boolean().default(true).describe('Verification status'),
    });
    const { answer } = await ctx.ask({
      answer: elicit('Please review and update the form fields with defaults', form),
    });
    return `Elicitation completed: action=${answer.action}${answer.action === 'accept' ? `, content=${JSON.stringify(answer.content)}` : ''}`;
  },
});

const options = (values: string[], title: (value: string) => string) =>
  values.map((value) => ({ const: value, title: title(value) }));

const testEnums = defineTool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Elicits the five kinds of choice field (SEP-1330).',
  input: noArguments,
  handler: async (_args, ctx) => {
    const titled = ['value1', 'value2', 'value3'];
    const form = z.object({
      untitledSingle: z.enum(['option1', 'option2', 'option3']).describe('Choose an option'),
      titledSingle: z.enum(titled).meta({
        description: 'Choose a titled option',
        oneOf: options(titled, (value) => `Option ${value.slice(-1)}`),
      }),
      legacyEnum: z
        .enum(['opt1', 'opt2', 'opt3'])
        .meta({ description: 'Choose a legacy option', enumNames: ['Option One', 'Option Two', 'Option Three'] }),
      untitledMulti: z.array(z.enum(['option1', 'option2', 'option3'])).describe('Choose multiple options'),
      titledMulti: z.array(z.enum(titled)).meta({
        description: 'Choose multiple titled options',
        items: { anyOf: options(titled, (value) => `Option ${value.slice(-1)}`) },
      }),
    });
    const { answer } = await ctx.ask({ answer: elicit('Please select options from the enum fields', form) });
    return `Elicitation completed: action=${answer.action}${answer.action === 'accept' ? `, content=${JSON.stringify(answer.content)}` : ''}`;
  },
});

// ---- 2026: input_required results (MRTR) ----

const irElicitation = defineTool({
  name: 'test_input_required_result_elicitation',
  description: 'Asks the user for their name, then greets them.',
  input: noArguments,
  handler: async (_args, ctx) => {
    const { user_name } = await ctx.ask({ user_name: elicit('What is your name?', Name) });
    return user_name.action === 'accept' ? `Hello, ${user_name.content.name}!` : `The user chose ${user_name.action}.`;
  },
});

const irSampling = defineTool({
  name: 'test_input_required_result_sampling',
  description: "Asks the client's model for the capital of France.",
  input: noArguments,
  handler: async (_args, ctx) => {
    const { capital_question } = await ctx.ask({
      capital_question: sample({ messages: 'What is the capital of France?', maxTokens: 100 }),
    });
    return `The model said: ${textOf(capital_question)}`;
  },
});

const irRoots = defineTool({
  name: 'test_input_required_result_list_roots',
  description: "Lists the client's roots.",
  input: noArguments,
  handler: async (_args, ctx) => {
    const { client_roots } = await ctx.ask({ client_roots: listRoots() });
    return `Roots: ${rootsText(client_roots.roots)}`;
  },
});

/** Carries a value of its own across the round in requestState, and checks it came back. */
const confirmWithState = (name: string) =>
  defineTool({
    name,
    description: 'Asks for a confirmation, carrying its own state across the round.',
    input: noArguments,
    handler: async (_args, ctx) => {
      const token = await ctx.memo('token', () => 'carried');
      const { confirm } = await ctx.ask({ confirm: elicit('Please confirm', z.object({ ok: z.boolean() })) });
      const ok = confirm.action === 'accept' && confirm.content.ok;
      return token === 'carried' ? `state-ok: confirmed=${ok}` : 'state lost';
    },
  });

const irMultiple = defineTool({
  name: 'test_input_required_result_multiple_inputs',
  description: 'Asks for a name, a greeting from the model and the roots, all at once.',
  input: noArguments,
  handler: async (_args, ctx) => {
    const answers = await ctx.ask({
      user_name: elicit('What is your name?', Name),
      greeting: sample({ messages: 'Generate a greeting', maxTokens: 50 }),
      client_roots: listRoots(),
    });
    const name = answers.user_name.action === 'accept' ? answers.user_name.content.name : '(declined)';
    return `${textOf(answers.greeting)} ${name}; roots: ${rootsText(answers.client_roots.roots)}`;
  },
});

const irMultiRound = defineTool({
  name: 'test_input_required_result_multi_round',
  description: 'Asks for a name, then for a favourite colour.',
  input: noArguments,
  handler: async (_args, ctx) => {
    const { step1 } = await ctx.ask({ step1: elicit('Step 1: What is your name?', Name) });
    const { step2 } = await ctx.ask({
      step2: elicit('Step 2: What is your favorite color?', z.object({ color: z.string() })),
    });
    const name = step1.action === 'accept' ? step1.content.name : 'someone';
    const color = step2.action === 'accept' ? step2.content.color : 'no colour';
    return `${name} likes ${color}`;
  },
});

const irCapabilities = defineTool({
  name: 'test_input_required_result_capabilities',
  description: 'Asks only for what this request says the client can answer.',
  input: noArguments,
  handler: async (_args, ctx) => {
    const wanted: Record<string, Ask> = {
      user_name: elicit('What is your name?', Name),
      greeting: sample({ messages: 'Generate a greeting', maxTokens: 50 }),
      client_roots: listRoots(),
    };
    const possible = Object.fromEntries(Object.entries(wanted).filter(([, request]) => ctx.canAsk(request)));
    if (Object.keys(possible).length === 0) return 'The client can answer nothing.';
    const answers = await ctx.ask(possible);
    return `Answered: ${Object.keys(answers).join(', ')}`;
  },
});

const irPrompt = definePrompt({
  name: 'test_input_required_result_prompt',
  description: 'A prompt that asks the user for its context first.',
  get: async (_args, ctx) => {
    const { user_context } = await ctx.ask({
      user_context: elicit('What context should the prompt use?', z.object({ context: z.string() })),
    });
    return `Use this context: ${user_context.action === 'accept' ? user_context.content.context : 'none'}`;
  },
});

export const clientInputTools = [
  testSampling,
  testElicitation,
  testDefaults,
  testEnums,
  irElicitation,
  irSampling,
  irRoots,
  confirmWithState('test_input_required_result_request_state'),
  irMultiple,
  irMultiRound,
  confirmWithState('test_input_required_result_tampered_state'),
  irCapabilities,
];
export const clientInputPrompts = [irPrompt];
