// This test reads the docs from disk; the package itself stays free of Node's types.
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

/** The declared type of `name`, exported by `file`, as the TypeScript checker sees it with the package's tsconfig. */
function exportedType(file: URL, name: string): { type: ts.Type; checker: ts.TypeChecker } {
  const configPath = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const program = ts.createProgram([fileURLToPath(file)], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileURLToPath(file));
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  if (!symbol) throw new Error(`${name} is not exported by ${file.pathname}`);
  return { type: checker.getDeclaredTypeOfSymbol(symbol), checker };
}

/** Each option path of `type` (as `optionPaths` spells them) with the text of its `@example` tags. */
function examplesByPath(type: ts.Type, checker: ts.TypeChecker, prefix = ''): [string, string][] {
  const object = type.getNonNullableType();
  const element = checker.isArrayType(object)
    ? checker.getTypeArguments(object as ts.TypeReference)[0]
    : undefined;
  if (element) return examplesByPath(element, checker, `${prefix}[]`);
  if (!(object.flags & ts.TypeFlags.Object)) return [];
  return object.getProperties().flatMap((property) => {
    const path = prefix ? `${prefix}.${property.name}` : property.name;
    const example = property
      .getJsDocTags(checker)
      .filter((tag) => tag.name === 'example')
      .map((tag) => ts.displayPartsToString(tag.text))
      .join('\n');
    const child = checker.getTypeOfSymbol(property);
    // Strings, numbers and the lists of them have no options inside.
    return [[path, example], ...examplesByPath(child, checker, path)];
  });
}

describe('the LoginConfig type', () => {
  it('gives every option an @example', () => {
    const { type, checker } = exportedType(new URL('./config.ts', import.meta.url), 'LoginConfig');
    const examples = examplesByPath(type, checker);
    // The walk sees exactly the schema's options, so an option cannot slip past unseen.
    expect(examples.map(([path]) => path).sort()).toEqual(optionPaths(loginConfigSchema).sort());
    expect(examples.filter(([, example]) => example.trim() === '').map(([path]) => path)).toEqual([]);
  }, 120_000);
});
