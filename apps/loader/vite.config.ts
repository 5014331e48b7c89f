import { defaultClientConditions, defineConfig, type UserConfig } from 'vite';

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
