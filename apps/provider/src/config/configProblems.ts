import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import * as v from 'valibot';
import { configSchema } from './configSchema';
import { UNKNOWN_KEY } from './fieldSchemas';
import { formatIssue } from './formatIssue';

/** One thing wrong with a config file, at its line (1-based) when the file says where. */
export interface ConfigProblem {
  line: number | undefined;
  message: string;
}

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** The node the issue is about, or its nearest ancestor in the file (a missing key's object). */
function nodeOf(tree: Node, path: readonly (string | number)[]): Node | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    // A property's value node; its key sits on the same line in any formatting people write.
    if (node) return node;
  }
  return undefined;
}

const issuePath = (issue: v.BaseIssue<unknown>): (string | number)[] =>
  (issue.path ?? []).flatMap(({ key }) => (typeof key === 'number' || typeof key === 'string' ? [key] : []));

/** Deletes the key at `path` of `value`. */
function deleteAt(value: unknown, path: readonly (string | number)[]): void {
  const parent = path
    .slice(0, -1)
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? Reflect.get(at, key) : undefined),
      value,
    );
  const last = path.at(-1);
  if (parent !== null && typeof parent === 'object' && last !== undefined)
    Reflect.deleteProperty(parent, last);
}

/**
 * Every issue of `raw`. An object with an unknown key is reported for that alone (at a start, a
 * misspelt key is the one thing worth saying), so the keys found unknown are set aside and the
 * rest checked again, until no unknown key is left.
 */
function everyIssue(raw: unknown): v.BaseIssue<unknown>[] {
  const input = structuredClone(raw);
  const found: v.BaseIssue<unknown>[] = [];
  // Each round goes at least one object deeper; configs nest far less than this.
  for (let round = 0; round < 16; round++) {
    const result = v.safeParse(configSchema, input, { abortEarly: false });
    if (result.success) return found;
    const unknown = result.issues.filter((issue) => issue.message === UNKNOWN_KEY);
    if (unknown.length === 0) return [...found, ...result.issues];
    found.push(...unknown);
    for (const issue of unknown) deleteAt(input, issuePath(issue));
  }
  return found;
}

/**
 * Every problem of a config file's text, in file order: its JSON syntax errors, or, when it
 * parses, every issue the schema finds (`projects[0].name: expected a string, got 3`), each at the
 * line of the value it is about. Empty when the file is a valid config.
 */
export function configProblems(text: string): ConfigProblem[] {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !tree) {
    return errors.map((error) => ({
      line: lineAt(text, error.offset),
      // `CloseBraceExpected` as words: "close brace expected".
      message: `not valid JSON: ${printParseErrorCode(error.error)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()}`,
    }));
  }
  const problems = everyIssue(JSON.parse(text) as unknown).map((issue) => {
    const node = nodeOf(tree, issuePath(issue));
    return { line: node ? lineAt(text, node.offset) : undefined, message: formatIssue(issue) };
  });
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
