// `node --import ./scripts/conformance/node20-globsync.mjs …`: the conformance suite imports
// `globSync` from "fs" at load, which Node 20 lacks (it arrived in Node 22). This registers a
// resolve hook that hands the suite a copy of "fs" that has it; every other importer is untouched.
import { register } from 'node:module';

if (typeof (await import('node:fs')).globSync !== 'function') {
  register('./fs-hooks.mjs', import.meta.url);
}
