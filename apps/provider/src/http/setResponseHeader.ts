import type { Context } from 'hono';
import type { AppEnv } from './deps';

/** Sets a header on the answer already built, copying it once if its headers are immutable (a Response from fetch). */
export function setResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
