// Search mode's words and ranking: how a text is cut and folded, and BM25 over weighted fields on a
// fixed corpus, with exact ranks, ties in the order given, a filter, a limit, and no match at all.
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/features/discovery/bm25.js';
import { fold, tokenize } from '../../../src/features/discovery/tokens.js';

describe('tokenize', () => {
  it.each([
    ['createIssue', ['creat', 'issu']],
    ['create_issue', ['creat', 'issu']],
    ['create-issue', ['creat', 'issu']],
    ['HTTPServer getURL', ['http', 'server', 'get', 'url']],
    ['List the open issues of a repo.', ['list', 'open', 'issu', 'repo']],
    ['v2 API, 10 items', ['v2', 'api', '10', 'item']],
    ['Größe überprüfen', ['größ', 'überprüfen']],
    ['the of and to', []],
    ['', []],
  ])('%j -> %j', (text, tokens) => {
    expect(tokenize(text)).toStrictEqual(tokens);
  });
});

describe('fold', () => {
  it.each([
    ['issues', 'issu'],
    ['issue', 'issu'],
    ['creating', 'creat'],
    ['created', 'creat'],
    ['running', 'run'],
    ['queries', 'queri'],
    ['query', 'queri'],
    ['addresses', 'address'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['agreed', 'agre'],
    ['speed', 'speed'],
    ['needed', 'need'],
    ['string', 'string'],
    ['keys', 'key'],
    ['used', 'us'],
    ['use', 'us'],
    ['go', 'go'],
  ])('%s -> %s', (word, stem) => {
    expect(fold(word)).toBe(stem);
  });
});

describe('buildIndex', () => {
  const docs = [
    [
      { text: 'list_issues', weight: 3 },
      { text: 'List the issues of a repository.', weight: 1 },
    ],
    [
      { text: 'create_issue', weight: 3 },
      { text: 'Create an issue.', weight: 1 },
    ],
    [
      { text: 'get_weather', weight: 3 },
      { text: 'The weather at a place, today.', weight: 1 },
    ],
    [
      { text: 'list_repos', weight: 3 },
      { text: 'List your repositories.', weight: 1 },
    ],
    [
      { text: 'list_repos_again', weight: 3 },
      { text: 'List your repositories.', weight: 1 },
    ],
  ];
  const index = buildIndex(docs);
  const all = () => true;

  it('ranks by BM25, the best match first', () => {
    expect(index.search('create an issue', 10, all)).toStrictEqual([1, 0]);
    expect(index.search('weather', 10, all)).toStrictEqual([2]);
    // `repository` and `repositories` share a stem: three equal matches, in the order given.
    expect(index.search('repositories', 10, all)).toStrictEqual([0, 3, 4]);
    expect(index.search('list repos', 10, all)).toStrictEqual([3, 4, 0]);
  });

  it('weighs a field: a word of the name counts three times one of the description', () => {
    const weighted = buildIndex([
      [{ text: 'a description that says weather', weight: 1 }],
      [{ text: 'weather', weight: 3 }],
    ]);
    expect(weighted.search('weather', 10, all)).toStrictEqual([1, 0]);
  });

  it('keeps the order given between equal scores, and stops at the limit', () => {
    const same = buildIndex([
      [{ text: 'alpha', weight: 1 }],
      [{ text: 'alpha', weight: 1 }],
      [{ text: 'beta', weight: 1 }],
    ]);
    expect(same.search('alpha', 10, all)).toStrictEqual([0, 1]);
    expect(same.search('alpha', 1, all)).toStrictEqual([0]);
  });

  it('leaves out what the filter refuses, and still fills the limit from the rest', () => {
    expect(index.search('list', 2, (doc) => doc !== 0)).toStrictEqual([3, 4]);
  });

  it('matches nothing for a query of no indexed word, of stop words only, or empty', () => {
    expect(index.search('zebra', 10, all)).toStrictEqual([]);
    expect(index.search('the of a', 10, all)).toStrictEqual([]);
    expect(index.search('', 10, all)).toStrictEqual([]);
    expect(buildIndex([]).search('anything', 10, all)).toStrictEqual([]);
  });
});
