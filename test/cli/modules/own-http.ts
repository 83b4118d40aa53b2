// A module that exports its server and also starts HTTP itself, without awaiting it.
import { McpServer, serveHttp } from 'zod-mcp';

export const server = new McpServer({ name: 'my-tools', version: '1.0.0', tools: [] });
void serveHttp(server, { port: 0 });
