import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const JSON_TYPE = /^\s*application\/json\s*(?:;|$)/i;

/**
 * Which responses `compress()` gzips: text assets (scripts, styles, pages), not JSON. API answers
 * are a few KB; gzip through web streams doubled the CPU time of a session refresh to save about
 * a kilobyte. (hono's size threshold cannot tell: JSON answers carry no Content-Length.)
 */
export const compressibleAsset = (contentType: string): boolean =>
  COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType) && !JSON_TYPE.test(contentType);
