// zod-mcp/demo: the tools the command line serves to try a client with (`serve --demo`, and `echo`
// when nothing else is served), and process mode's case runner (`zod-mcp mcp-server`).
export { demoTools } from './bundled/demo.js';
export { echo, serverTools } from './bundled/echo.js';
export { runCase } from './cli/process-mode.js';
// The process-mode case file and its output, as Zod schemas (the command's own file format, not the wire's).
export { CaseFile, CaseOutput } from '../schemas/case.js';
