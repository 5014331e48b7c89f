import MagicString from 'magic-string';
import { defaultClientConditions, defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * Build-time trim of penpal for the host page, where every byte counts:
 * - `log?.(...)` calls go: the loader never passes penpal a logger, so they never run;
 * - the translation layer for pre-v7 penpal children goes: our frame speaks v7, and a message in
 *   the old format is then ignored like any other foreign message.
 * Each edit must apply, so a penpal update that moves this code fails the build instead of
 * silently shipping the full library.
 */
function penpalLean(): Plugin {
  return {
    name: 'latch-penpal-lean',
    transform(code, id) {
      if (!/[\\/]penpal[\\/]dist[\\/]penpal\.mjs$/.test(id)) return null;
      const s = new MagicString(code);
      const edit = (pattern: RegExp, replacement: (match: string) => string, what: string) => {
        let count = 0;
        for (const m of code.matchAll(pattern)) {
          s.overwrite(m.index, m.index + m[0].length, replacement(m[0]));
          count += 1;
        }
        if (count === 0) throw new Error(`latch-penpal-lean: penpal changed, no ${what} in ${id}`);
      };
      // `0&&` makes the call dead code; the minifier then drops it with its message strings.
      edit(/(?:this\.#)?log\?\.\(/g, (m) => `0&&${m}`, 'log calls');
      edit(/if \(isDeprecatedMessage\(data\)\)/g, () => 'if (false)', 'deprecated message check');
      edit(
        /this\.#isChildUsingDeprecatedProtocol \? downgradeMessage\(message\) : message/g,
        () => 'message',
        'deprecated message downgrade',
      );
      return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
    },
  };
}

type Output = { entry: string; format: 'iife' | 'es'; file: string };

/** The five files the provider serves from apps/loader/dist, one build each (`--mode`). */
const OUTPUTS: Record<string, Output> = {
  // /loader.js: the script tag build, global `Latch`. Budget: 8 KB gzip (scripts/size.mjs).
  production: { entry: 'src/iife.ts', format: 'iife', file: 'loader.js' },
  // /loader.mjs: the module build; one file, with the channel and the session code in it.
  esm: { entry: 'src/index.ts', format: 'es', file: 'loader.mjs' },
  // /loader-session.js: the session manager, imported by loader.js only once a session is in play.
  session: { entry: 'src/sessionModule.ts', format: 'es', file: 'loader-session.js' },
  // /loader-channel.js: penpal and the host methods, imported by loader.js when a frame mounts.
  channel: { entry: 'src/channelModule.ts', format: 'es', file: 'loader-channel.js' },
  // /loader-wallets.js: wallet discovery and the request allowlist, imported by the channel on use.
  wallets: { entry: 'src/walletModule.ts', format: 'es', file: 'loader-wallets.js' },
};

export default defineConfig(({ command, mode }): UserConfig => {
  const out = OUTPUTS[mode];
  if (!out) {
    if (command === 'build')
      throw new Error(`Unknown loader build mode ${mode}: use ${Object.keys(OUTPUTS).join(', ')}`);
    return {}; // vitest or a dev server started in this folder
  }
  return {
    plugins: [penpalLean()],
    // Workspace packages from their sources, whether or not their own dist/ is built.
    resolve: { conditions: ['@latch/source', ...defaultClientConditions] },
    build: {
      target: 'es2022',
      minify: true,
      sourcemap: true,
      emptyOutDir: mode === 'production',
      lib: { entry: out.entry, name: 'Latch', formats: [out.format], fileName: () => out.file },
      // Library mode keeps whitespace in ES output; these files ship to browsers as is.
      rolldownOptions: { output: { minify: true } },
    },
  };
});
