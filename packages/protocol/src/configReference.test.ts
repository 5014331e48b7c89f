// This test reads the docs from disk; the package itself stays free of Node's types.
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginConfigSchema } from './config';

/** The parts of a Valibot schema this walk reads. */
interface SchemaNode {
  readonly type?: string;
  readonly wrapped?: SchemaNode;
  readonly item?: SchemaNode;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  readonly pipe?: readonly SchemaNode[];
}

/** Every option path the schema takes: `a.b`, with `[]` for a list's items (`providers[].type`). */
function optionPaths(node: SchemaNode, prefix = ''): string[] {
  if (node.type === 'optional' && node.wrapped) return optionPaths(node.wrapped, prefix);
  const inner = node.pipe?.find((step) => step.entries ?? step.item);
  if (inner) return optionPaths(inner, prefix);
  if (node.item?.entries || node.item?.pipe) return optionPaths(node.item, `${prefix}[]`);
  if (!node.entries) return [];
  return Object.entries(node.entries).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...optionPaths(child, path)];
  });
}

/** The first column of the table under docs/embed.md's "Login configuration" heading. */
function documentedPaths(): string[] {
  const doc = readFileSync(new URL('../../../docs/embed.md', import.meta.url), 'utf8');
  const start = doc.indexOf('### Login configuration');
  const section = doc.slice(start, doc.indexOf('\n#', start + 1));
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].flatMap((m) => (m[1] ? [m[1]] : []));
}

describe('the configuration reference in docs/embed.md', () => {
  it('lists every option the widget takes, and no other', () => {
    const schema = optionPaths(loginConfigSchema);
    // Parent objects (`otpOptions`) are documented through their options.
    const leaves = schema.filter((path) => !schema.some((other) => other.startsWith(`${path}.`)));
    const documented = documentedPaths();
    expect(leaves.length).toBeGreaterThan(30);
    expect(documented.filter((path) => !schema.includes(path))).toEqual([]);
    expect(leaves.filter((path) => !documented.includes(path))).toEqual([]);
  });
});
