// A model API on loopback for the provider SDKs to talk to: each POST is recorded (its path and JSON
// body) and answered with the next scripted reply, as JSON. A request past the script is a 500,
// which fails the SDK's call and so the test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

export interface FakeModel {
  readonly url: string;
  readonly requests: Recorded[];
  close(): Promise<void>;
}

export async function startFakeModel(replies: readonly unknown[]): Promise<FakeModel> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: req.url ?? '', body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) });
      const reply = replies[requests.length - 1];
      res.writeHead(reply === undefined ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply ?? { error: { message: `no reply scripted for request ${requests.length}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
