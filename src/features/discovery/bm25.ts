// Okapi BM25 over documents of weighted fields (BM25F's simple form: a field's weight multiplies the
// frequency of each of its terms, and the document's length is the weighted sum). k1 = 1.2, b = 0.75.
import { tokenize } from './tokens.js';

/** One field of a document: its text and how much each of its words counts. */
export interface Field {
  readonly text: string;
  readonly weight: number;
}

const K1 = 1.2;
const B = 0.75;

interface Posting {
  readonly docs: number[];
  readonly frequencies: number[];
}

export interface SearchIndex {
  /** How many documents it holds. */
  readonly size: number;
  /**
   * The documents that match the query best, best first (a tie: the one given first), at most `limit`
   * of those `accept` lets through. A query of no indexed word matches nothing.
   */
  search(query: string, limit: number, accept: (doc: number) => boolean): number[];
}

export function buildIndex(documents: readonly (readonly Field[])[]): SearchIndex {
  const postings = new Map<string, Posting>();
  const lengths = new Float64Array(documents.length);
  documents.forEach((fields, doc) => {
    const frequencies = new Map<string, number>();
    for (const { text, weight } of fields) {
      for (const term of tokenize(text)) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        lengths[doc]! += weight;
      }
    }
    for (const [term, frequency] of frequencies) {
      let posting = postings.get(term);
      if (posting === undefined) postings.set(term, (posting = { docs: [], frequencies: [] }));
      posting.docs.push(doc);
      posting.frequencies.push(frequency);
    }
  });
  const count = documents.length;
  const average = count === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) / count;
  // The part of BM25's denominator that depends on the document alone.
  const norms = lengths.map((length) => K1 * (1 - B + (average === 0 ? 0 : (B * length) / average)));
  return {
    size: count,
    search(query, limit, accept) {
      const scores = new Map<number, number>();
      for (const term of new Set(tokenize(query))) {
        const posting = postings.get(term);
        if (posting === undefined) continue;
        const found = posting.docs.length;
        const idf = Math.log(1 + (count - found + 0.5) / (found + 0.5));
        for (let i = 0; i < found; i++) {
          const doc = posting.docs[i]!;
          const frequency = posting.frequencies[i]!;
          const score = (idf * frequency * (K1 + 1)) / (frequency + norms[doc]!);
          scores.set(doc, (scores.get(doc) ?? 0) + score);
        }
      }
      const ranked = [...scores].sort(([docA, a], [docB, b]) => b - a || docA - docB);
      const best: number[] = [];
      for (const [doc] of ranked) {
        if (best.length >= limit) break;
        if (accept(doc)) best.push(doc);
      }
      return best;
    },
  };
}
