import type { SendOutcome } from './Gateway';
import { retryAfterMs } from './retryAfter';

/** What a gateway answered over HTTP: its status, its Retry-After, its body (JSON when it parsed). */
export interface GatewayAnswer {
  status: number;
  retryAfterMs: number | undefined;
  text: string;
  json: unknown;
}

type Retry = Extract<SendOutcome, { kind: 'retry' }>;

// A gateway that takes longer is treated as down; the message is tried again later.
const GATEWAY_TIMEOUT_MS = 15_000;
// Gateways answer a few hundred bytes; a reason longer than this is noise.
const MAX_REASON_LENGTH = 500;
// An answer is read up to this much: a hook that streams without end cannot fill the memory.
const MAX_ANSWER_BYTES = 64 * 1024;

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_ANSWER_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * POSTs `body` to a gateway. A dropped connection, a refused one, a timeout or `signal` aborting
 * is a `retry` outcome: none of them says the gateway refused the message. Redirects are not
 * followed: a gateway API never answers one, and a hook's body must not travel elsewhere.
 */
export async function postToGateway(
  url: string,
  { headers, body }: { headers: Record<string, string>; body: string },
  signal: AbortSignal,
): Promise<GatewayAnswer | Retry> {
  const timeout = AbortSignal.timeout(GATEWAY_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, timeout]),
    });
    const text = await readCapped(response);
    return {
      status: response.status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      text,
      json: parseJson(text),
    };
  } catch (error) {
    if (signal.aborted) return { kind: 'retry', reason: `${new URL(url).host}: the send was stopped` };
    if (timeout.aborted) return { kind: 'retry', reason: `${new URL(url).host} did not answer in time` };
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { kind: 'retry', reason: `${new URL(url).host} could not be reached (${cause})` };
  }
}

export const isRetry = (answer: GatewayAnswer | Retry): answer is Retry => 'kind' in answer;

/** Statuses that may pass later: a timeout, too early, too many requests, and every 5xx. */
export const isTransientStatus = (status: number): boolean =>
  status === 408 || status === 425 || status === 429 || status >= 500;

/** The outcome of a gateway's refusal: `retry` for a transient status, `failed` for any other. */
export function refusal(answer: GatewayAnswer, reason: string): SendOutcome {
  const text = reason.slice(0, MAX_REASON_LENGTH);
  if (!isTransientStatus(answer.status)) return { kind: 'failed', reason: text };
  return answer.retryAfterMs === undefined
    ? { kind: 'retry', reason: text }
    : { kind: 'retry', reason: text, retryAfterMs: answer.retryAfterMs };
}

/** A readable field of a JSON answer, or undefined. */
export function field(json: unknown, ...path: (string | number)[]): unknown {
  let value = json;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
