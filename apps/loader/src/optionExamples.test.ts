// Reads the loader's own types with the TypeScript checker, as an editor shows them on hover.
/// <reference types="node" />
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// happy-dom's URL is not Node's, so paths are built from this file's path.
const here = dirname(fileURLToPath(import.meta.url));

/** The options objects an integrator writes; `config`'s own options are checked in @latch/protocol. */
const OPTION_TYPES = [
  'ClientOptions',
  'Callbacks',
  'LoginMountOptions',
  'ResetPasswordMountOptions',
  'PasskeyRegistrationMountOptions',
  'IdentityProviderMountOptions',
];

function checkerFor(file: string): { checker: ts.TypeChecker; exports: ts.Symbol[] } {
  const configPath = join(here, '../tsconfig.json');
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  const program = ts.createProgram([file], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  return { checker, exports: module ? checker.getExportsOfModule(module) : [] };
}

describe('mount and client options', () => {
  it('give every option an @example', () => {
    const { checker, exports } = checkerFor(join(here, 'types.ts'));
    const missing: string[] = [];
    let seen = 0;
    for (const name of OPTION_TYPES) {
      const symbol = exports.find((s) => s.name === name);
      if (!symbol) throw new Error(`types.ts does not export ${name}`);
      for (const property of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
        seen += 1;
        const tags = property.getJsDocTags(checker).filter((tag) => tag.name === 'example');
        if (!tags.some((tag) => ts.displayPartsToString(tag.text).trim() !== '')) {
          missing.push(`${name}.${property.name}`);
        }
      }
    }
    // Every type above has options; an empty walk would prove nothing.
    expect(seen).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  }, 120_000);
});
