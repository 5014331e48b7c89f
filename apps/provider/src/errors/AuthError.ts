import type { ErrorType } from '@latch/api';

/**
 * A refused request: its `error_type` (one of `@latch/api`'s `ErrorType`s) and a message for
 * people. Free of HTTP, so domain code stays callable from anywhere: the HTTP edge answers it with
 * the status `http/errorStatus.ts` gives its type, in the API's error envelope.
 */
export class AuthError extends Error {
  readonly error_type: ErrorType;
  /** For a refusal that lifts by itself (a lock, a rate limit): when to try again (the `Retry-After` header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    error_type: ErrorType,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AuthError';
    this.error_type = error_type;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
