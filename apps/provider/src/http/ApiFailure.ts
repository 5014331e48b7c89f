import type { ErrorType } from '@latch/api';

/** Thrown by any handler to answer the API error envelope; everything else becomes a logged 500. */
export class ApiFailure extends Error {
  readonly error_type: ErrorType;
  readonly status: number;

  constructor(error_type: ErrorType, status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiFailure';
    this.error_type = error_type;
    this.status = status;
  }
}
