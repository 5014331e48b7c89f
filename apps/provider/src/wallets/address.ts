import type { CryptoWalletType } from '@latch/api';
import { base58 } from '@scure/base';
import { getAddress, isAddress } from 'viem';

export type { CryptoWalletType };

/** Decodes base58, or null for text that is not base58. */
export function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

/**
 * The canonical form of an address (EIP-55 checksum for Ethereum, base58 of a 32-byte key for
 * Solana), or null when it is not an address of that type.
 */
export function canonicalAddress(type: CryptoWalletType, address: string): string | null {
  if (type === 'ethereum') {
    // Lowercase is accepted; a mixed-case address must carry a valid EIP-55 checksum.
    return isAddress(address, { strict: true }) ? getAddress(address) : null;
  }
  const key = decodeBase58(address);
  return key?.length === 32 ? base58.encode(key) : null;
}
