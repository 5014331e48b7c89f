/** Wire envelopes of the provider API: success under `data`, errors at the top level (docs/backend.md, answers and errors). */

export interface ResponseMeta {
  request_id: string;
  status_code: number;
}

/** Success: HTTP 2xx with the payload under `data`. */
export interface SuccessEnvelope<T> {
  data: T & ResponseMeta;
}

/** Error: HTTP 4xx/5xx with the fields at the top level (not under `data`). */
export interface ErrorEnvelope extends ResponseMeta {
  error_type: string;
  error_message: string;
  error_url: string;
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['error_type'] === 'string' &&
    typeof v['error_message'] === 'string' &&
    typeof v['status_code'] === 'number'
  );
}
