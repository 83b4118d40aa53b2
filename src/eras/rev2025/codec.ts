// The 2025 era (2024-11-05 to 2025-11-25): the client is who the connection's handshake said, and
// results go out as methods return them.
import type { EraCodec } from '../../core/codec.js';
import type { Method } from '../../core/method.js';
import { initialize, ping, setLogLevel } from './lifecycle.js';

export const rev2025: EraCodec = {
  era: 'rev2025',
  methods: new Map<string, Method>([
    ['initialize', initialize],
    ['ping', ping],
    ['logging/setLevel', setLogLevel],
  ]),
  admit: (_request, session) => session.client,
  encode: (result) => result,
};
