import * as v from 'valibot';
import { text } from './text';

/** A page an email links to; the provider checks it against the project's redirect URLs. */
export const redirectUrl = () => v.exactOptional(text({ min: 1, max: 2048 }));
