/** How long a ceremony may take; challenges live exactly as long (see ChallengeStore). */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * COSE algorithms offered at registration and accepted at verification: ES256, EdDSA, RS256.
 * Pinned (rather than the library default) so options and verification never disagree.
 */
export const SUPPORTED_ALGORITHM_IDS: number[] = [-7, -8, -257];
