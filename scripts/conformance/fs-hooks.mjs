// Module resolve hook (see node20-globsync.mjs): "fs" and "node:fs", imported from anywhere but the
// shim itself, resolve to fs-with-glob.mjs.
const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== shim) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
