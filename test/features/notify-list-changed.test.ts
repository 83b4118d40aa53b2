// server.notifyListChanged(list): a change the server did not make itself, told to its clients as
// the list changes addTool and friends publish; nothing for a list it does not declare may change.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer, defineTool, memoryEvents, type ServerEvent } from '../../src/index.js';

const echo = defineTool({
  name: 'echo',
  description: 'Says it back.',
  input: z.object({ text: z.string() }),
  handler: ({ text }) => text,
});

function serverWith(options: { listChanged?: boolean; prompts?: boolean }) {
  const events = memoryEvents(() => {});
  const heard: ServerEvent[] = [];
  events.subscribe((event) => heard.push(event));
  const server = new McpServer({
    name: 's',
    version: '1',
    tools: [echo],
    events,
    ...(options.prompts ? { prompts: [] } : {}),
    ...(options.listChanged === false ? { listChanged: false } : {}),
  });
  return { server, heard };
}

describe('notifyListChanged', () => {
  it('publishes the change of each list the server declares may change', () => {
    const { server, heard } = serverWith({ prompts: true });
    expect([server.notifyListChanged('tools'), server.notifyListChanged('prompts')]).toStrictEqual([true, true]);
    expect(heard).toStrictEqual([{ type: 'tools/list_changed' }, { type: 'prompts/list_changed' }]);
  });

  it('sends nothing for a list the server does not serve, or promised would not change', () => {
    const { server, heard } = serverWith({});
    expect([server.notifyListChanged('prompts'), server.notifyListChanged('resources')]).toStrictEqual([false, false]);
    const fixed = serverWith({ listChanged: false });
    expect(fixed.server.notifyListChanged('tools')).toBe(false);
    expect([...heard, ...fixed.heard]).toStrictEqual([]);
  });
});
