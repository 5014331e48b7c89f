import type { ErrorType } from '@latch/api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS } from './errorStatus';

/** What a page, a probe or a dev stand-in answers: fine, not serving (yet), or one of the API's error types. */
export type PageOutcome = 'ok' | 'unavailable' | ErrorType;

/** The status of an answer outside the API's error envelope: 200, 503, or the error type's own. */
export const pageStatus = (outcome: PageOutcome): ContentfulStatusCode => {
  if (outcome === 'ok') return 200;
  if (outcome === 'unavailable') return 503;
  return ERROR_STATUS[outcome] as ContentfulStatusCode;
};
