export { deliver } from './deliver';
export type { MessageMetadata, OutgoingMessage } from './deliver';
export { magicLinkEmail, otpEmail, otpText } from './templates';
export type { MessageContent } from './templates';
export { counted, MINUTES } from './plural';
export { sendSmtp } from './smtp';
export { resolveRedirectUrl } from './redirectUrl';
