// jose, the optional peer that checks JWTs and DPoP proofs: given (`auth.jose`), or loaded when a token
// first arrives. Apart from verify.ts, whose declarations the core's name: they must not need jose's types.
import { importOptionalPeer, PEERS } from '../../../core/optional-peer.js';
import type { AuthOptions } from './options.js';

type Jose = typeof import('jose');

/** `auth.jose` when given (a runtime that resolves no package at run time: a Worker), else the optional peer. */
export function loadJose(options: Pick<AuthOptions, 'jose'> = {}): Promise<Jose> {
  if (options.jose !== undefined) return Promise.resolve(options.jose as Jose);
  return importOptionalPeer<Jose>(PEERS.jose, 'checking JWT access tokens and DPoP proofs (auth)');
}
