// --confirm-writes: write_file and edit_file ask the user first (elicitation), showing what would
// change, when the client can ask; otherwise they write as before.
import { createHash } from 'node:crypto';
import { z } from 'zod/v4';
import type { HandlerContext } from '../../core/handler-context.js';
import { elicit } from '../../core/input/requests.js';
import { printPath } from './path-escape.js';

const Approval = z.object({ approve: z.boolean().describe('Write the change') });
const PREVIEW_LINES = 24;

/**
 * Resolves when the write may go ahead: confirmation is off, the client cannot be asked, or the
 * user approved. Throws (an isError result, nothing written) when the user says no. The question's
 * key holds a digest of the change, so an approval is never used for another change: if the file
 * changed between rounds, the user is asked again about the new change.
 */
export async function confirmWrite(
  ctx: HandlerContext,
  confirm: boolean,
  tool: string,
  rel: string,
  before: string | undefined,
  after: string,
): Promise<void> {
  if (!confirm) return;
  const question = elicit(describeChange(tool, rel, before, after), Approval);
  if (!ctx.canAsk(question)) return;
  const key = `approve-${createHash('sha256')
    .update(`${rel}\0${before ?? ''}\0${after}`)
    .digest('hex')
    .slice(0, 16)}`;
  const answers = await ctx.ask({ [key]: question });
  const answer = answers[key]!;
  if (answer.action === 'accept' && answer.content.approve) return;
  const how = answer.action === 'accept' ? 'did not approve' : answer.action === 'decline' ? 'declined' : 'cancelled';
  throw new Error(`the user ${how} the ${tool} of ${JSON.stringify(rel)}; nothing was written`);
}

/** `Create src/a.ts (3 lines)?` or `Change src/a.ts: 2 lines out, 3 in?`, then the changed lines. */
export function describeChange(tool: string, rel: string, before: string | undefined, after: string): string {
  const next = lines(after);
  if (before === undefined)
    return `${tool}: create ${printPath(rel)} (${count(next.length)})?\n\n${preview(next.map((line) => `+ ${line}`))}`;
  const old = lines(before);
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  const removed = old.slice(start, old.length - end);
  const added = next.slice(start, next.length - end);
  const where = `from line ${start + 1}`;
  const body = preview([...removed.map((line) => `- ${line}`), ...added.map((line) => `+ ${line}`)]);
  return (
    `${tool}: change ${printPath(rel)} ${where}, ${count(removed.length)} out and ${count(added.length)} ` +
    `in?\n\n${body}`
  );
}

const lines = (text: string) => (text === '' ? [] : text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'));
const count = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

function preview(shown: string[]): string {
  const cut = shown.slice(0, PREVIEW_LINES).map((line) => (line.length > 200 ? `${line.slice(0, 200)}…` : line));
  return shown.length > PREVIEW_LINES
    ? `${cut.join('\n')}\n… ${shown.length - PREVIEW_LINES} more lines`
    : cut.join('\n');
}
