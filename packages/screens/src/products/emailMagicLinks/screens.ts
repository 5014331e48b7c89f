import { EmailConfirmation } from './EmailConfirmation';

export const screens = { EmailConfirmation };
