import { AUTH_ORIGIN, PUBLIC_TOKEN } from './env';

/** A frame document URL as the loader builds it (packages/protocol `frameUrl`). */
export function frameDocumentUrl(
  kind = 'login',
  config: Record<string, unknown> = { products: ['emailMagicLinks'] },
  publicToken = PUBLIC_TOKEN,
): string {
  const query = new URLSearchParams({
    public_token: publicToken,
    v: '1',
    config: JSON.stringify(config),
    styles: JSON.stringify({}),
  });
  return `${AUTH_ORIGIN}/frame/${kind}?${query.toString()}`;
}

/** The directives of a Content-Security-Policy header, by name. */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}
