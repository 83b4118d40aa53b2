// A word as a POSIX shell reads it back: as it is when it holds nothing special, else single-quoted.
export function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
