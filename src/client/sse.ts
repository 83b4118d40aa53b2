// Server-sent events, read as the HTML standard frames them: `data:` lines joined, an event ended by
// a blank line; comments, `event:`, `id:` and `retry:` carry nothing a JSON-RPC reader needs.

/** The data of each event of the stream, in order. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.search(/\r\n|\r|\n/);
    // a CR ending the chunk may be the first half of a CRLF: wait for the next chunk
    while (end !== -1 && !(end === buffer.length - 1 && buffer[end] === '\r')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      end = buffer.search(/\r\n|\r|\n/);
    }
  }
  if (data.length > 0) yield data.join('\n');
}
