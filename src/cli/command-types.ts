// What a command and a flag are: commands.ts and contract-commands.ts describe theirs with these.

export interface Flag {
  readonly type: 'string' | 'boolean';
  /** What a string flag takes, as the help shows it (`N`, `DIR`, `URL`). */
  readonly value?: string;
  /** Given more than once, each value kept (`--header A:1 --header B:2`). */
  readonly multiple?: boolean;
  readonly text: string;
}
export type Flags = Readonly<Record<string, Flag>>;

export interface Command {
  /** `zod-mcp <name> <args>`. */
  readonly args: string;
  /** One line, for the list of commands. */
  readonly summary: string;
  /** What it does, a few lines, for its own help. */
  readonly about: string;
  readonly flags: Flags;
  readonly examples?: readonly string[];
}
