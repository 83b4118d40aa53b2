// RFC 6570 URI templates: the RFC's own examples (section 3.2) for expansion, and matching back.
import { describe, expect, it } from 'vitest';
import { UriTemplate } from '../../../src/features/resources/uri-template.js';

/** The variables of RFC 6570 section 3.2. */
const values = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
  undef: undefined,
};

const examples: [string, string][] = [
  // 3.2.1 variable expansion
  ['{count}', 'one,two,three'],
  ['{count*}', 'one,two,three'],
  ['{/count}', '/one,two,three'],
  ['{/count*}', '/one/two/three'],
  ['{;count}', ';count=one,two,three'],
  ['{;count*}', ';count=one;count=two;count=three'],
  ['{?count}', '?count=one,two,three'],
  ['{?count*}', '?count=one&count=two&count=three'],
  ['{&count*}', '&count=one&count=two&count=three'],
  // 3.2.2 simple string expansion
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  // 3.2.3 reserved expansion
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  // 3.2.4 fragment expansion
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  // 3.2.5 label expansion
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  // 3.2.6 path segment expansion
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  // 3.2.7 path-style parameter expansion
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  // 3.2.8 form-style query expansion
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  // 3.2.9 form-style query continuation
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

describe('expansion: the examples of RFC 6570 section 3.2', () => {
  it.each(examples)('%s -> %s', (template, expected) => {
    expect(new UriTemplate(template).expand(values)).toBe(expected);
  });
});

describe('matching a URI back to its variables', () => {
  const table: [string, string, Record<string, string> | undefined][] = [
    ['test://template/{id}/data', 'test://template/123/data', { id: '123' }],
    ['test://template/{id}/data', 'test://template/1%2F2/data', { id: '1/2' }],
    ['test://template/{id}/data', 'test://template/1/2/data', undefined],
    ['test://template/{id}/data', 'test://template/123/other', undefined],
    ['file:///{+path}', 'file:///src/lib/a.ts', { path: 'src/lib/a.ts' }],
    ['file:///{+path}', 'file:///a%20b.txt', { path: 'a b.txt' }],
    [
      'repo://{owner}/{repo}{/path*}',
      'repo://ada/engine/src/main.rs',
      { owner: 'ada', repo: 'engine', path: 'src/main.rs' },
    ],
    ['repo://{owner}/{repo}{/path*}', 'repo://ada/engine', { owner: 'ada', repo: 'engine' }],
    ['users{/id}{?fields,limit}', 'users/7?fields=name&limit=3', { id: '7', fields: 'name', limit: '3' }],
    ['users{/id}{?fields,limit}', 'users/7?limit=3', { id: '7', limit: '3' }],
    ['users{/id}{?fields,limit}', 'users', {}],
    ['map{;x,y}', 'map;x=1024;y=768', { x: '1024', y: '768' }],
    ['www{.dom*}', 'www.example.com', { dom: 'example.com' }],
    ['{x,y}', '1024,768', { x: '1024', y: '768' }],
    ['docs{#section}', 'docs#intro', { section: 'intro' }],
  ];
  it.each(table)('%s matches %s', (template, uri, expected) => {
    expect(new UriTemplate(template).match(uri)).toStrictEqual(expected);
  });

  it('round-trips every single-variable example with a string value', () => {
    for (const template of [
      '{var}',
      '{+path}',
      '{#hello}',
      '{.who}',
      '{/who}',
      '{;who}',
      '{?who}',
      '{&who}',
      'x{/half}y',
    ]) {
      const parsed = new UriTemplate(template);
      const uri = parsed.expand(values);
      const [name] = parsed.variables;
      expect(parsed.match(uri)).toStrictEqual({ [name!]: (values as Record<string, unknown>)[name!] });
    }
  });

  it('a variable named twice must have one value', () => {
    expect(new UriTemplate('{x}/{x}').match('a/a')).toStrictEqual({ x: 'a' });
    expect(new UriTemplate('{x}/{x}').match('a/b')).toBeUndefined();
  });

  it('matches a URI that cannot match without trying every split again (each token and position is tried once)', () => {
    // Three touching reserved variables and no match: a backtracking regular expression takes minutes here.
    const parsed = new UriTemplate('a://{+x}{+y}{+z}/end');
    expect(parsed.match(`a://${'b'.repeat(3000)}/nope`)).toBeUndefined();
    expect(parsed.match(`a://${'b'.repeat(3000)}/end`)).toStrictEqual({ x: 'b'.repeat(3000), y: '', z: '' });
    expect(parsed.match(`a://${'b'.repeat(9000)}/end`)).toBeUndefined(); // over MAX_MATCHED_URI
  });
});

describe('malformed templates throw, saying where', () => {
  it.each([
    ['a{b', 'URI template "a{b": "{" at 1 is never closed'],
    ['a{}', 'URI template "a{}": an expression at 1 names no variable'],
    ['a{b c}', 'URI template "a{b c}": "b c" is not a variable name'],
    ['a{b:0}', 'URI template "a{b:0}": "b:0" has a bad prefix length'],
    ['a}b', 'URI template "a}b": "a}b" is not a literal a URI can hold'],
  ])('%s', (template, message) => {
    expect(() => new UriTemplate(template)).toThrow(new TypeError(message));
  });
});
