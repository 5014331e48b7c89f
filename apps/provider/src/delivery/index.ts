export { deliver } from './deliver';
export type { MessageMetadata, OutgoingMessage } from './deliver';
export { magicLinkEmail, otpEmail, otpText, renderEmail } from './templates';
export type { EmailBranding, MessageContent } from './templates';
export { resolveRedirectUrl } from './redirectUrl';
