// Limits: body size (413), sessions and concurrent requests (503).
import { describe, expect, it } from 'vitest';
import {
  callFrame,
  httpError,
  initializeFrame,
  openSession,
  post,
  postHeaders,
  send,
  startServer,
  type RawResponse,
} from './helpers.js';

function expectJson(res: RawResponse, status: number, body: string): void {
  expect({ status: res.status, type: res.headers['content-type'], body: res.body }).toEqual({
    status,
    type: 'application/json',
    body,
  });
}

describe('limits', () => {
  it('413: a declared Content-Length over maxBodyBytes', async () => {
    const small = await startServer({ maxBodyBytes: 64 });
    try {
      // The size is checked before the session: no session is needed to be refused.
      const res = await post(small.url, callFrame(1, 'echo', { text: 'x'.repeat(100) }));
      expectJson(res, 413, httpError('request body exceeds 64 bytes'));
      expect(res.headers.connection).toBe('close');
    } finally {
      await small.close();
    }
  });

  it('413: a chunked body that grows past maxBodyBytes', async () => {
    const small = await startServer({ maxBodyBytes: 64 });
    try {
      const res = await send(small.url, {
        headers: { ...postHeaders, 'transfer-encoding': 'chunked' },
        body: JSON.stringify(callFrame(1, 'echo', { text: 'x'.repeat(100) })),
      });
      expectJson(res, 413, httpError('request body exceeds 64 bytes'));
    } finally {
      await small.close();
    }
  });

  it('503: maxSessions reached', async () => {
    const one = await startServer({ maxSessions: 1 });
    try {
      await openSession(one.url);
      const res = await post(one.url, initializeFrame());
      expectJson(res, 503, httpError('too many sessions (limit 1); retry later'));
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await one.close();
    }
  });

  it('503: maxConcurrentRequests reached', async () => {
    const one = await startServer({ maxConcurrentRequests: 1, stateless: true });
    try {
      const pending = post(one.url, callFrame(1, 'slow'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await post(one.url, { jsonrpc: '2.0', id: 2, method: 'ping' });
      expectJson(res, 503, httpError('too many requests in flight (limit 1); retry later'));
      await one.close();
      expect((await pending).status).toBe(200);
    } finally {
      await one.close();
    }
  });
});
