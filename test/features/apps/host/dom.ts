// The little of the DOM the host and sandbox pages use. This project type-checks with Node's types
// and no lib.dom (examples/runtimes.d.ts describes Bun's and Deno's globals the same way), so it is
// described here, module-scoped: no Node file sees browser globals, and these pages see no others.

export interface WindowLike {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface ElementLike {
  textContent: string | null;
  setAttribute(name: string, value: string): void;
  append(...nodes: ElementLike[]): void;
  prepend(...nodes: ElementLike[]): void;
}

export interface IFrameLike extends ElementLike {
  src: string;
  srcdoc: string;
  readonly contentWindow: WindowLike | null;
  readonly style: { height: string };
}

export interface MessageEventLike {
  readonly source: unknown;
  readonly origin: string;
  readonly data: unknown;
}

/** What DOMParser gives: a document that is never rendered, so none of its scripts runs. */
interface ParsedDocument {
  readonly doctype: unknown;
  readonly head: ElementLike;
  readonly documentElement: { readonly outerHTML: string };
  createElement(tag: 'meta'): ElementLike;
}

interface BrowserWindow {
  readonly location: { readonly href: string };
  readonly parent: WindowLike;
  readonly document: {
    readonly body: ElementLike;
    getElementById(id: string): ElementLike | null;
    createElement(tag: 'iframe'): IFrameLike;
  };
  readonly DOMParser: new () => { parseFromString(html: string, type: 'text/html'): ParsedDocument };
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

export const browser = globalThis as unknown as BrowserWindow;
