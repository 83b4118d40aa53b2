// A module that exports its server and also starts HTTP itself, without awaiting it.
import { McpServer } from 'zod-mcp';
import { serveHttp } from 'zod-mcp/node';

export const server = new McpServer({ name: 'my-tools', version: '1.0.0', tools: [] });
void serveHttp(server, { port: 0 });
