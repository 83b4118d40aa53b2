// The DPoP server as a Cloudflare Worker on workerd (test/e2e/runtimes/dpop.test.ts).
import { dpopHandler } from './app.ts';

let mcp: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: { ISSUER_JWK: string }): Promise<Response> {
    mcp ??= dpopHandler(env.ISSUER_JWK, false);
    return mcp(request);
  },
};
