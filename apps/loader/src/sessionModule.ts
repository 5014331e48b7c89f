// Entry of dist/loader-session.js: the heavy half of the host session (API client, refresh,
// backoff, Web Locks, cross-tab sync), fetched by loader.js only once a session is in play.
export { getSessionManager, redeemUrlToken } from '@latch/session';
