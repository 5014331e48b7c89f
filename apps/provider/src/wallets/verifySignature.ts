import { ed25519 } from '@noble/curves/ed25519.js';
import { isHex, verifyMessage } from 'viem';
import { decodeBase58, type CryptoWalletType } from './address';

/**
 * True when `signature` is the wallet's signature of `message`: an EIP-191 `personal_sign`
 * signature (0x hex) for Ethereum, a base58 ed25519 signature of the UTF-8 bytes for Solana.
 */
export async function verifyWalletSignature(
  type: CryptoWalletType,
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  if (type === 'ethereum') {
    if (!isHex(signature, { strict: true })) return false;
    try {
      return await verifyMessage({ address: address as `0x${string}`, message, signature });
    } catch {
      // A malformed signature (wrong length, bad recovery id) is simply not a valid one.
      return false;
    }
  }
  const sig = decodeBase58(signature);
  const key = decodeBase58(address);
  if (sig?.length !== 64 || key?.length !== 32) return false;
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), key);
  } catch {
    return false;
  }
}
