// The classification table: each row a change of a server's surface (here) or of a tool's schema
// (schema-rows.ts), with the whole comparison it must give; every rule of RULES shows in some row.
import { describe, expect, it } from 'vitest';
import type { Comparison, Snapshot } from '../../schemas/snapshot.js';
import { compareSnapshots, RULES } from '../../src/contract/compare.js';
import { additive, breaking, type Expected, type Row, risky, row, SCHEMA_ROWS, surface } from './schema-rows.js';

const add = { name: 'add', inputSchema: { type: 'object' } };
const sub = { name: 'sub', inputSchema: { type: 'object' } };
const notes = { uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain' };
const files = { uriTemplate: 'file:///{path}', name: 'files' };
const greet = (...args: { name: string; required?: boolean }[]) => ({ name: 'greet', arguments: args });
const era = (protocolVersion: string, capabilities: Record<string, unknown>) => ({ protocolVersion, capabilities });
const ERA_2025 = era('2025-06-18', { tools: { listChanged: true } });
const ERA_2026 = era('2026-06-30', { tools: { listChanged: true } });
const annotated = (annotations: Record<string, unknown>) => [{ ...add, annotations }];
const server = (more: Record<string, unknown>) => ({ name: 'calc', version: '1.0.0', ...more });
const A = 'tools/add/annotations';
const P = 'prompts/greet/arguments';

/** A row with no changes, named for why there are none. */
const same = (title: string, before: Partial<Snapshot>, after: Partial<Snapshot>): Row => ({
  ...row(before, after),
  title,
});

const SURFACE_ROWS: readonly Row[] = [
  same('the same surface', { tools: [add] }, { tools: [add] }),
  // Items removed and added; a template's identity is its URI template.
  row({ tools: [add, sub] }, { tools: [add] }, breaking('tools/sub', 'tool-removed', 'removed')),
  row({ tools: [add] }, { tools: [add, sub] }, additive('tools/sub', 'tool-added', 'added')),
  row({ resources: [notes] }, {}, breaking('resources/file:///notes.txt', 'resource-removed', 'removed')),
  row({}, { resources: [notes] }, additive('resources/file:///notes.txt', 'resource-added', 'added')),
  row(
    { resourceTemplates: [files] },
    { resourceTemplates: [{ ...files, uriTemplate: 'file:///{+path}' }] },
    breaking('resourceTemplates/file:///{path}', 'template-removed', 'removed'),
    additive('resourceTemplates/file:///{+path}', 'template-added', 'added'),
  ),
  row({ prompts: [greet()] }, {}, breaking('prompts/greet', 'prompt-removed', 'removed')),
  row({}, { prompts: [greet()] }, additive('prompts/greet', 'prompt-added', 'added')),
  // Annotations: readOnlyHint is false and destructiveHint true unless said.
  row(
    { tools: annotated({ readOnlyHint: true }) },
    { tools: [add] },
    breaking(`${A}/readOnlyHint`, 'read-only-lost', 'readOnlyHint turned false'),
  ),
  row(
    { tools: [add] },
    { tools: annotated({ readOnlyHint: true }) },
    additive(`${A}/readOnlyHint`, 'read-only-gained', 'readOnlyHint turned true'),
  ),
  row(
    { tools: annotated({ destructiveHint: false }) },
    { tools: annotated({}) },
    breaking(`${A}/destructiveHint`, 'destructive-gained', 'destructiveHint turned true'),
  ),
  row(
    { tools: [add] },
    { tools: annotated({ destructiveHint: false }) },
    additive(`${A}/destructiveHint`, 'destructive-lost', 'destructiveHint turned false'),
  ),
  row(
    { tools: annotated({ idempotentHint: false }) },
    { tools: annotated({ idempotentHint: true }) },
    risky(`${A}/idempotentHint`, 'annotation-changed', 'idempotentHint changed: false -> true'),
  ),
  same('readOnlyHint false said or not', { tools: annotated({ readOnlyHint: false }) }, { tools: [add] }),
  // Words, _meta and fields without a rule of their own.
  row(
    { tools: [{ ...add, description: 'Adds.' }] },
    { tools: [{ ...add, description: 'Adds two numbers.' }] },
    risky('tools/add/description', 'text-changed', 'description changed'),
  ),
  same(
    'descriptions and titles left out of a structural snapshot',
    { structural: true, tools: [{ ...add, inputSchema: { type: 'object', properties: { b: { type: 'number' } } } }] },
    {
      tools: [
        {
          ...add,
          title: 'Add',
          description: 'Adds.',
          inputSchema: { type: 'object', properties: { b: { type: 'number', description: 'b' } } },
        },
      ],
    },
  ),
  row(
    { tools: [add] },
    { tools: [{ ...add, _meta: { 'ui/resourceUri': 'ui://add' } }] },
    risky('tools/add/_meta', 'meta-changed', '_meta added'),
  ),
  row(
    { tools: [add] },
    { tools: [{ ...add, icons: [{ src: 'https://calc.example/add.png' }] }] },
    risky('tools/add/icons', 'changed', 'icons added'),
  ),
  row(
    { resources: [notes] },
    { resources: [{ ...notes, mimeType: 'text/markdown' }] },
    risky(
      'resources/file:///notes.txt/mimeType',
      'resource-changed',
      'mimeType changed: "text/plain" -> "text/markdown"',
    ),
  ),
  // Prompt arguments: like input properties.
  row(
    { prompts: [greet({ name: 'tone' })] },
    { prompts: [greet()] },
    breaking(`${P}/tone`, 'argument-removed', 'removed'),
  ),
  row(
    { prompts: [greet({ name: 'tone' })] },
    { prompts: [greet({ name: 'tone', required: true })] },
    breaking(`${P}/tone`, 'argument-required-added', 'became required'),
  ),
  row(
    { prompts: [greet()] },
    { prompts: [greet({ name: 'tone', required: true })] },
    breaking(`${P}/tone`, 'argument-required-added', 'added, required'),
  ),
  row(
    { prompts: [greet()] },
    { prompts: [greet({ name: 'tone' })] },
    additive(`${P}/tone`, 'argument-optional-added', 'added, optional'),
  ),
  row(
    { prompts: [greet({ name: 'tone', required: true })] },
    { prompts: [greet({ name: 'tone', required: false })] },
    risky(`${P}/tone`, 'argument-became-optional', 'became optional'),
  ),
  // Eras and capabilities.
  row(
    { eras: { '2025': ERA_2025, '2026': ERA_2026 } },
    { eras: { '2026': ERA_2026 } },
    breaking('eras/2025', 'era-removed', 'no longer served'),
  ),
  row(
    { eras: { '2025': ERA_2025 } },
    { eras: { '2025': ERA_2025, '2026': ERA_2026 } },
    additive('eras/2026', 'era-added', 'now served'),
  ),
  row(
    { eras: { '2025': era('2025-06-18', { resources: { subscribe: true }, tools: { listChanged: true } }) } },
    { eras: { '2025': era('2025-06-18', { logging: {}, resources: {}, tools: { listChanged: false } }) } },
    breaking('eras/2025/capabilities/resources/subscribe', 'capability-removed', 'removed'),
    breaking('eras/2025/capabilities/tools/listChanged', 'capability-removed', 'turned false'),
    additive('eras/2025/capabilities/logging', 'capability-added', 'added'),
  ),
  row(
    { eras: { '2025': era('2025-03-26', {}) } },
    { eras: { '2025': era('2025-06-18', {}) } },
    risky(
      'eras/2025/protocolVersion',
      'protocol-version-changed',
      'protocolVersion changed: "2025-03-26" -> "2025-06-18"',
    ),
  ),
  // The server: its version changes on every release, and is no change.
  row(
    { server: server({ instructions: 'Add.' }) },
    { server: server({ instructions: 'Add numbers.' }) },
    risky('server/instructions', 'text-changed', 'instructions changed'),
  ),
  row(
    { server: server({}) },
    { server: server({ name: 'calculator' }) },
    risky('server/name', 'server-name-changed', 'name changed: "calc" -> "calculator"'),
  ),
  same('a new version', { server: server({}) }, { server: server({ version: '1.1.0' }) }),
  // In each class: tools, resources, templates, prompts, eras, then the server.
  row(
    { tools: [add, sub], eras: { '2025': ERA_2025, '2026': ERA_2026 } },
    {
      tools: [{ ...add, description: 'Adds.' }],
      prompts: [greet()],
      eras: { '2026': ERA_2026 },
      server: server({ instructions: 'Add.' }),
    },
    breaking('tools/sub', 'tool-removed', 'removed'),
    breaking('eras/2025', 'era-removed', 'no longer served'),
    risky('tools/add/description', 'text-changed', 'description added'),
    risky('server/instructions', 'text-changed', 'instructions added'),
    additive('prompts/greet', 'prompt-added', 'added'),
  ),
];

/** What is not a snapshot is compared as far as it goes, and never throws. */
const ODD_ROWS: readonly Row[] = [
  {
    title: 'odd input',
    before: { tools: [null, 'x', { ...add, inputSchema: true }] } as unknown as Snapshot,
    after: surface({ tools: [add] }),
    changes: [
      breaking('tools/add/inputSchema', 'input-type-narrowed', 'type narrowed: any -> object'),
      risky('server', 'changed', 'changed'),
      additive('eras/2025', 'era-added', 'now served'),
    ],
  },
];

const ROWS = [...SCHEMA_ROWS, ...SURFACE_ROWS, ...ODD_ROWS];

function comparisonOf(changes: readonly Expected[]): Comparison {
  const comparison: Comparison = { breaking: [], risky: [], additive: [] };
  for (const [name, path, rule, message] of changes) comparison[name].push({ path, rule, message });
  return comparison;
}

describe('compareSnapshots', () => {
  it.each(ROWS)('$title', ({ before, after, changes }) => {
    expect(compareSnapshots(before, after)).toStrictEqual(comparisonOf(changes));
  });

  it('has a row for every rule, and each rule its class in every row', () => {
    const seen = new Set(ROWS.flatMap((each) => each.changes.map(([, , rule]) => rule)));
    expect(Object.keys(RULES).filter((rule) => !seen.has(rule as never))).toStrictEqual([]);
    const misclassed = ROWS.flatMap((each) => each.changes).filter(([name, , rule]) => RULES[rule].class !== name);
    expect(misclassed).toStrictEqual([]);
    expect(ROWS.length).toBeGreaterThanOrEqual(30);
  });
});
