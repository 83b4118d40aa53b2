// What a tool asks while the agent runs it, answered by the agent's callbacks for that call: an
// elicitation, a sampling request, the roots. A call given up stops waiting for its answer; a
// progress callback that throws is reported, and the tool goes on.
import type { CreateMessageParams, ElicitParams } from '../../schemas/client-input.js';
import type { Answer, Progress, Question } from '../client/client.js';
import type { Frame } from '../client/wire.js';
import type { AgentToolsOptions, ToolCall } from './types.js';

/** The answers of one call's questions. */
export function answerFor(options: AgentToolsOptions, call: ToolCall): Answer {
  return (question) => {
    const answer = answerQuestion(options, question, call);
    return call.signal === undefined ? answer : untilAborted(answer, call.signal);
  };
}

async function answerQuestion(options: AgentToolsOptions, question: Question, call: ToolCall): Promise<Frame> {
  const { onElicit, onSample, roots } = options;
  const params = question.params as Frame;
  if (question.method === 'elicitation/create' && onElicit !== undefined)
    return (await onElicit(params as ElicitParams, call)) as Frame;
  if (question.method === 'sampling/createMessage' && onSample !== undefined)
    return (await onSample(params as CreateMessageParams, call)) as Frame;
  if (question.method === 'roots/list' && roots !== undefined) return { roots: roots.map((root) => ({ ...root })) };
  throw new Error(`the agent answers no ${question.method}`);
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The call's progress to `onProgress`; its throw goes to `report`, not into the tool. */
export function progressFor(
  options: AgentToolsOptions,
  call: ToolCall,
  report: (error: unknown) => void,
): ((progress: Progress) => void) | undefined {
  const { onProgress } = options;
  if (onProgress === undefined) return undefined;
  return (progress) => {
    try {
      onProgress(progress, call);
    } catch (error) {
      report(error);
    }
  };
}
