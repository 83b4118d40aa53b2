// A fixed corpus for search mode's tests: a small code host's tools in three toolsets, with the
// annotations, scopes, app-only visibility and host hints the tests check against.
import { z } from 'zod';
import { McpServer, defineTool, type McpServerOptions, type Tool } from '../../../src/index.js';

const repo = z.string().describe('The repository, as owner/name');
const ran = (name: string) => (args: unknown) => `${name} ran with ${JSON.stringify(args)}`;

export const corpus: readonly Tool[] = [
  defineTool({
    name: 'create_issue',
    title: 'Create issue',
    description: 'Create a new issue in a repository.',
    input: z.object({ repo, title: z.string(), body: z.string().optional().describe('The issue text, in Markdown') }),
    annotations: { readOnlyHint: false, destructiveHint: false },
    toolset: 'issues',
    handler: ran('create_issue'),
  }),
  defineTool({
    name: 'list_issues',
    description: 'List the issues of a repository, newest first.',
    input: z.object({ repo, state: z.enum(['open', 'closed']).optional() }),
    annotations: { readOnlyHint: true },
    toolset: 'issues',
    handler: ran('list_issues'),
  }),
  defineTool({
    name: 'close_issue',
    description: 'Close an issue.',
    input: z.object({ repo, number: z.number().int() }),
    annotations: { destructiveHint: false, idempotentHint: true },
    toolset: 'issues',
    handler: ran('close_issue'),
  }),
  defineTool({
    name: 'list_pull_requests',
    description: 'List the pull requests of a repository.',
    input: z.object({ repo }),
    annotations: { readOnlyHint: true },
    toolset: 'pulls',
    handler: ran('list_pull_requests'),
  }),
  defineTool({
    name: 'merge_pull_request',
    description: 'Merge a pull request into its base branch.',
    input: z.object({ repo, number: z.number().int(), method: z.enum(['merge', 'squash', 'rebase']).optional() }),
    annotations: { destructiveHint: true },
    toolset: 'pulls',
    handler: ran('merge_pull_request'),
  }),
  defineTool({
    name: 'get_file_contents',
    description: 'Read a file of a repository at a branch or commit.',
    input: z.object({ repo, path: z.string(), ref: z.string().optional() }),
    annotations: { readOnlyHint: true },
    searchHint: 'download source code',
    toolset: 'repos',
    handler: ran('get_file_contents'),
  }),
  defineTool({
    name: 'delete_branch',
    description: 'Delete a branch.',
    input: z.object({ repo, branch: z.string() }),
    annotations: { destructiveHint: true },
    toolset: 'repos',
    handler: ran('delete_branch'),
  }),
  defineTool({
    name: 'search_code',
    description: 'Search code across repositories.',
    input: z.object({ query: z.string() }),
    annotations: { readOnlyHint: true },
    alwaysLoad: true,
    toolset: 'repos',
    handler: ran('search_code'),
  }),
  defineTool({
    name: 'get_me',
    description: 'Your own user profile: login, name and e-mail.',
    input: z.object({}),
    annotations: { readOnlyHint: true, openWorldHint: false },
    alwaysLoad: true,
    handler: ran('get_me'),
  }),
  defineTool({
    name: 'list_secrets',
    description: 'List the secret names of a repository.',
    input: z.object({ repo }),
    annotations: { readOnlyHint: true },
    scopes: ['admin:repo'],
    toolset: 'repos',
    handler: ran('list_secrets'),
  }),
  defineTool({
    name: 'refresh_issue_view',
    description: 'Refresh the issue view of the app.',
    input: z.object({}),
    visibility: ['app'],
    toolset: 'issues',
    handler: ran('refresh_issue_view'),
  }),
];

export const corpusToolsets = {
  issues: { description: 'Issues' },
  pulls: { description: 'Pull requests' },
  repos: { description: 'Repositories and their files' },
};

export function searchServer(options: Partial<McpServerOptions> = {}): McpServer {
  return new McpServer({
    name: 'test-server',
    version: '1.2.3',
    tools: [...corpus],
    toolsets: corpusToolsets,
    discovery: 'search',
    ...options,
  });
}
