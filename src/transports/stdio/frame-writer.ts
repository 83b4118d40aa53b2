import type { Writable } from 'node:stream';

/**
 * How long a response waits, by default, after its own request's last notification was handed to
 * the stream. A client that reads a notification and the response in one chunk may handle the
 * response first (the official SDK clients do, then drop the notification as "unknown token"); a
 * response that follows its notifications this much later is, on any client that keeps up, read on
 * its own. It is best effort: a client that does not read for longer still gets both in one chunk.
 */
export const NOTIFICATION_GAP_MS = 10;

/** A notification's place in the stream: when it was handed to the stream, once it has been. */
export interface Written {
  at: number | undefined;
}

/**
 * Writes lines to a stream, joining the lines of one turn of the event loop into writes as large
 * as the stream's free buffer, and honours back-pressure: once `write` returns false, lines wait
 * in order until 'drain'. `blocked` tells the reader to stop taking input meanwhile, and
 * `onChange` runs whenever it changes. A response that follows notifications of its own request
 * is set aside until `gapMs` after the last of them was written; nothing else waits.
 */
export class FrameWriter {
  readonly #output: Writable;
  readonly #write: (text: string) => boolean;
  readonly #onChange: () => void;
  readonly #gapMs: number;
  /** Lines not yet handed to the stream, in order, and the notifications among them, to stamp when written. */
  #pending: string[] = [];
  #marks: (Written | undefined)[] = [];
  /** The characters of `#pending`, newlines left out. */
  #pendingLength = 0;
  /** Responses set aside, each until its notifications are written and the gap has passed. */
  #held: { line: string; after: Written }[] = [];
  #heldTimer: NodeJS.Timeout | undefined;
  #scheduled = false;
  #blocked = false;
  #broken = false;

  /** `write` defaults to the stream's own; the stdout guard passes the real one it set aside. */
  constructor(output: Writable, onChange: () => void, write?: (text: string) => boolean, gapMs = NOTIFICATION_GAP_MS) {
    this.#gapMs = gapMs;
    this.#output = output;
    this.#write = write ?? ((text) => output.write(text));
    this.#onChange = onChange;
    output.on('drain', () => this.#drain());
    output.on('error', () => {
      this.#broken = true; // the reader went away (EPIPE): nothing more can be delivered
      this.#pending = [];
      this.#marks = [];
      this.#pendingLength = 0;
      this.#held = [];
      clearTimeout(this.#heldTimer);
    });
  }

  get blocked(): boolean {
    return this.#blocked;
  }

  /** How much output waits for the reader: lines not yet handed to the stream, and what the stream still buffers. */
  get backlog(): number {
    return this.#pendingLength + this.#output.writableLength;
  }

  /** Queues a line. A notification asks for a mark: a response of its request can then wait for it. */
  writeLine(line: string, mark?: Written): void {
    if (this.#broken) return;
    this.#pending.push(line);
    this.#marks.push(mark);
    this.#pendingLength += line.length;
    if (!this.#blocked && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#writeSoon);
    }
  }

  /** Queues a response that must not share a read with the notification marked `after`. */
  writeAfter(line: string, after: Written): void {
    if (this.#broken) return;
    if (after.at !== undefined && performance.now() - after.at >= this.#gapMs) {
      this.writeLine(line);
      return;
    }
    this.#held.push({ line, after });
    this.#scheduleHeld();
  }

  /** Resolves once everything written (held responses included) has been handed to the stream, or after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.#blocked) this.#writePending();
      const done = this.#pending.length === 0 && this.#held.length === 0 && this.#output.writableLength === 0;
      if (done || this.#broken || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  readonly #writeSoon = (): void => {
    this.#scheduled = false;
    if (!this.#blocked) this.#writePending();
  };

  /** Moves every held response whose gap has passed to the queue, and waits for the next one. */
  readonly #releaseHeld = (): void => {
    this.#heldTimer = undefined;
    const now = performance.now();
    const waiting: { line: string; after: Written }[] = [];
    for (const entry of this.#held) {
      if (entry.after.at !== undefined && now - entry.after.at >= this.#gapMs) this.writeLine(entry.line);
      else waiting.push(entry);
    }
    this.#held = waiting;
    this.#scheduleHeld();
  };

  #scheduleHeld(): void {
    if (this.#heldTimer !== undefined || this.#held.length === 0 || this.#broken) return;
    const now = performance.now();
    let wait = Math.max(1, this.#gapMs);
    for (const { after } of this.#held) if (after.at !== undefined) wait = Math.min(wait, after.at + this.#gapMs - now);
    this.#heldTimer = setTimeout(this.#releaseHeld, Math.max(1, Math.ceil(wait)));
  }

  #writePending(): void {
    const pending = this.#pending;
    const marks = this.#marks;
    let taken = 0;
    while (taken < pending.length && !this.#blocked && !this.#broken) {
      // At least one line per write; more while they fit what the stream buffers before it says "full".
      const room = this.#output.writableHighWaterMark - this.#output.writableLength;
      const first = taken;
      let text = `${pending[taken++]!}\n`;
      while (taken < pending.length && text.length + pending[taken]!.length < room) text += `${pending[taken++]!}\n`;
      this.#pendingLength -= text.length - (taken - first);
      const ok = this.#write(text);
      for (let i = first; i < taken; i++) {
        const mark = marks[i];
        if (mark !== undefined) mark.at = performance.now();
      }
      if (!ok) this.#blocked = true;
    }
    if (taken === pending.length || this.#broken) {
      this.#pending = [];
      this.#marks = [];
      this.#pendingLength = 0;
    } else {
      this.#pending = pending.slice(taken);
      this.#marks = marks.slice(taken);
    }
    if (this.#blocked) this.#onChange();
  }

  #drain(): void {
    this.#blocked = false;
    this.#writePending();
    if (!this.#blocked) this.#onChange();
  }
}
