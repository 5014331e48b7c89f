import { readDistFile } from '../http/staticFile';

/** The build's stylesheet links: `<link rel="stylesheet" crossorigin href="/frame/assets/x.css">`. */
const STYLESHEET_LINK =
  /<link rel="stylesheet"(?: crossorigin)? href="\/frame\/(assets\/[A-Za-z0-9._-]+\.css)">/g;

/** Content-hashed file name → its text: a file never changes under its name. */
const sheets = new Map<string, string | null>();

async function sheet(frameDir: string, file: string): Promise<string | null> {
  const key = `${frameDir}\n${file}`;
  if (!sheets.has(key)) {
    const bytes = await readDistFile(frameDir, file);
    const text = bytes && new TextDecoder().decode(bytes);
    // A sheet that could end the <style> element early stays a link.
    sheets.set(key, text && !/<\/style/i.test(text) ? text : null);
  }
  return sheets.get(key) ?? null;
}

/**
 * The frame document with its stylesheets inline: the first paint needs no request besides the
 * document. A link whose file is missing is kept as it is.
 */
export async function inlineStylesheets(html: string, frameDir: string): Promise<string> {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  let result = html;
  for (const [link, file] of links) {
    const text = file ? await sheet(frameDir, file) : null;
    if (text !== null) result = result.replace(link, () => `<style>${text}</style>`);
  }
  return result;
}
