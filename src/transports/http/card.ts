// The Server Card (SEP-2127) at `GET <endpoint>/server-card`, and the MCP Catalog listing it at
// `/.well-known/mcp/catalog.json`: public documents (no token, CORS `*`) with a strong ETag, answered
// 304 when the client has them. The card's protocol versions and capabilities are what the server's
// own server/discover (or initialize) answers, asked in process, so the two cannot disagree.
import { PROTOCOL_VERSIONS_2025 } from '../../../schemas/rev2025.js';
import { PROTOCOL_VERSIONS_2026 } from '../../../schemas/rev2026.js';
import { SERVER_CARD_MEDIA_TYPE, SERVER_CARD_SCHEMA, type CheckedCard } from '../../core/card.js';
import { encodeUtf8, toBase64Url, utf8Length } from '../../runtime/bytes.js';
import type { HttpRequest, HttpResponse } from './messages.js';
import type { HttpState } from './state.js';
import { askServerSelf } from '../server-self.js';

export const CATALOG_PATH = '/.well-known/mcp/catalog.json';

/** The card's path for an endpoint at `path` (`/mcp/server-card`); a handler mounted anywhere: `/server-card`. */
export function cardPath(path: string | undefined): string {
  return `${path ?? ''}/server-card`;
}

type Document = Record<string, unknown>;

/** Answers a card or catalog request (GET, HEAD; OPTIONS for a browser's preflight). */
export async function sendCardDocument(
  state: HttpState,
  req: HttpRequest,
  res: HttpResponse,
  catalog: boolean,
): Promise<void> {
  const cors = { 'access-control-allow-origin': '*' };
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      ...cors,
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Content-Type',
    });
    res.end();
    return;
  }
  const card = await cardOf(state, req);
  const document = catalog ? catalogOf(card) : card;
  const body = JSON.stringify(document);
  const etag = `"${toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encodeUtf8(body))))}"`;
  const headers = {
    ...cors,
    'content-type': catalog ? 'application/json' : SERVER_CARD_MEDIA_TYPE,
    etag,
    'cache-control': 'public, max-age=3600',
  };
  if (matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': utf8Length(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The card as this request's host would be told it: where the endpoint is, what it speaks and serves. */
async function cardOf(state: HttpState, req: HttpRequest): Promise<Document> {
  const { server, options } = state;
  const card = server.card as CheckedCard;
  // what the server's own server/discover says (initialize, for a 2025-only server): the card agrees with it
  const { serverInfo, capabilities } = await askServerSelf(
    server,
    server.eras.includes('rev2026') ? 'rev2026' : 'rev2025',
  );
  const version = String(serverInfo.version);
  const url = `${baseUrl(options.publicUrl, req)}${options.path ?? ''}`;
  const auth = options.auth;
  const dpop = auth?.dpop ?? 'allowed';
  const schemes = dpop === 'required' ? ['dpop'] : dpop === 'off' ? ['bearer'] : ['bearer', 'dpop'];
  const versions = [
    ...(server.eras.includes('rev2026') ? PROTOCOL_VERSIONS_2026 : []),
    ...(server.eras.includes('rev2025') ? PROTOCOL_VERSIONS_2025 : []),
  ];
  const remote = {
    type: 'streamable-http',
    url,
    supportedProtocolVersions: versions,
    ...(auth === undefined ? {} : { authentication: { required: true, schemes } }),
  };
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: card.name,
    version,
    description: card.description,
    ...(card.title === undefined ? {} : { title: card.title }),
    ...(card.websiteUrl === undefined ? {} : { websiteUrl: card.websiteUrl }),
    ...(card.repository === undefined ? {} : { repository: card.repository }),
    ...(card.icons === undefined ? {} : { icons: card.icons }),
    remotes: [remote, ...card.remotes],
    capabilities,
  };
}

/** The catalog of this one server: where its card is, and what it is. */
function catalogOf(card: Document): Document {
  const [remote] = card.remotes as { url: string }[];
  return {
    servers: [
      {
        name: card.name,
        ...(card.title === undefined ? {} : { title: card.title }),
        description: card.description,
        version: card.version,
        url: remote!.url,
        serverCard: `${remote!.url}/server-card`,
      },
    ],
  };
}

/** `publicUrl` as given (no trailing slash), else the scheme and Host this request came with. */
function baseUrl(publicUrl: string | undefined, req: HttpRequest): string {
  if (publicUrl !== undefined) return publicUrl.replace(/\/+$/, '');
  const encrypted = (req as { socket?: { encrypted?: boolean } }).socket?.encrypted === true;
  const scheme = (req as { scheme?: string }).scheme ?? (encrypted ? 'https' : 'http');
  return `${scheme}://${req.headers.host ?? 'localhost'}`;
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined) return false;
  return value
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
