// The optional peer dependencies (`@redis/client`, `jose`, `@opentelemetry/api`): imported when a feature first needs
// them, so an app that never uses that feature neither installs nor loads them.

/** Imports `name`; when it is not installed, the error says which feature needs it and the line that installs it. */
export async function importOptionalPeer<T>(name: string, range: string, needer: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if (!isNotInstalled(error, name)) throw error;
    throw new Error(
      `${needer} needs ${name}, an optional peer dependency of zod-mcp that is not installed: run \`npm install ` +
        `${name}@${range}\``,
      { cause: error },
    );
  }
}

/** Node's "not found" for this very package (a missing file inside an installed one is another failure). */
function isNotInstalled(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || !message.includes(`'${name}'`)) return false;
  return (
    code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /cannot find (module|package)/i.test(message)
  );
}
