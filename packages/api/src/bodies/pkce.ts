import * as v from 'valibot';
import { text } from './text';

/** RFC 7636: base64url of a SHA-256 digest is 43 characters. */
export const codeChallenge = () => v.exactOptional(text({ min: 43, max: 128 }));

export const codeVerifier = () => v.exactOptional(text({ min: 1, max: 256 }));
