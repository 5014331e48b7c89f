import { describe, expect, it } from 'vitest';
import { chunkFiles, entryFiles, parseViteManifest, type ViteManifest } from './viteManifest';

const MANIFEST: ViteManifest = {
  // As Rolldown writes it when the entry module is in a chunk group: no 'index.html', no isEntry.
  '_index-1.js': {
    file: 'assets/index-1.js',
    imports: ['_react-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js'] },
  'src/Form.tsx': {
    file: 'assets/Form-1.js',
    imports: ['_shared-1.js', '_index-1.js', '_react-1.js'],
    css: ['assets/Form-1.css'],
  },
  'src/phone.ts': { file: 'assets/phone-1.js' },
};

describe('the Vite manifest', () => {
  it('parses a manifest and refuses anything else', () => {
    expect(parseViteManifest(JSON.stringify(MANIFEST))).toEqual(MANIFEST);
    expect(parseViteManifest('not json')).toBeNull();
    expect(parseViteManifest('[]')).toBeNull();
    expect(parseViteManifest('{"a":{"file":1}}')).toBeNull();
    expect(parseViteManifest('{"a":{"file":"a.js","imports":[2]}}')).toBeNull();
  });

  it('lists a chunk with its static imports, each once, dependencies first', () => {
    expect(chunkFiles(MANIFEST, ['src/Form.tsx'])).toEqual({
      js: ['assets/react-1.js', 'assets/shared-1.js', 'assets/index-1.js', 'assets/Form-1.js'],
      css: ['assets/index-1.css', 'assets/Form-1.css'],
    });
    expect(chunkFiles(MANIFEST, ['missing.ts'])).toEqual({ js: [], css: [] });
  });

  it('knows what index.html already loads: the files it names, with their imports and CSS', () => {
    const indexHtml =
      '<head><script type="module" crossorigin src="/frame/assets/index-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/frame/assets/index-1.css"></head>';
    expect(entryFiles(MANIFEST, indexHtml)).toEqual({
      js: ['assets/react-1.js', 'assets/index-1.js'],
      css: ['assets/index-1.css'],
    });
    // A file the manifest does not know is still one the document loads.
    expect(entryFiles({}, indexHtml)).toEqual({ js: ['assets/index-1.js'], css: ['assets/index-1.css'] });
  });
});
