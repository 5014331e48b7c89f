import { cryptoWalletStartBody } from '@latch/api';
import fc from 'fast-check';
import * as v from 'valibot';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { challengeMessage, type SiweOptions } from './challengeMessage';

const ADDRESS = '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e';
const NOW = new Date('2026-11-28T10:00:00.000Z');

const ethereum = (origin: string, siwe: SiweOptions = {}) =>
  challengeMessage({ type: 'ethereum', address: ADDRESS, origin, siwe, now: NOW });

describe('the Sign-In with Ethereum challenge', () => {
  it.each<[string, SiweOptions]>([
    ['http://localhost:4000', {}],
    ['https://shop.example.com', { statement: 'Sign in to Shop: terms at https://shop.example.com/t?x=1' }],
    ['http://127.0.0.1:3000', { chain_id: 137, resources: ['ipfs://bafy', 'https://example.com/a?b#c'] }],
  ])('is exactly what viem writes for %s', (origin, siwe) => {
    const { message, expiresAt } = ethereum(origin, siwe);
    const url = new URL(origin);
    const nonce = /\nNonce: (\w+)\n/.exec(message)?.[1] ?? '';
    expect(message).toBe(
      createSiweMessage({
        domain: url.host,
        address: ADDRESS,
        uri: url.origin,
        version: '1',
        chainId: siwe.chain_id ?? 1,
        nonce,
        issuedAt: NOW,
        expirationTime: expiresAt,
        ...(siwe.statement ? { statement: siwe.statement } : {}),
        ...(siwe.resources ? { resources: siwe.resources } : {}),
      }),
    );
  });

  it('names any authority EIP-4361 allows, where viem would refuse the domain', () => {
    for (const [origin, domain] of [
      ['http://devbox:3000', 'devbox:3000'],
      ['http://[::1]:3000', '[::1]:3000'],
      ['https://a.b', 'a.b'],
    ] as const) {
      const { message } = ethereum(origin);
      expect(message.split('\n')[0]).toBe(`${domain} wants you to sign in with your Ethereum account:`);
      expect(message).toContain(`\nURI: ${origin}\n`);
    }
  });

  it('holds only statements and resources that a SIWE writer and parser take, as the body schema lets them through', () => {
    const odd = fc.constantFrom(
      ' ',
      '"',
      '{',
      '}',
      '\\',
      '\r\n',
      '\n',
      '%',
      '%zz',
      '<',
      '|',
      '^',
      '`',
      'é',
      '\u2028',
    );
    const piece = fc.oneof(
      fc.string({ maxLength: 6 }),
      odd,
      fc.constantFrom('https://', 'urn:', 'a:', '//', '?', '#', '@', '[::1]'),
    );
    const value = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(value, value, (statement, resource) => {
        const body = {
          crypto_wallet_address: ADDRESS,
          crypto_wallet_type: 'ethereum',
          siwe_params: { statement, resources: [resource] },
        };
        const parsed = v.safeParse(cryptoWalletStartBody, body);
        if (!parsed.success) return;
        const siwe = parsed.output.siwe_params ?? {};
        const { message } = ethereum('https://shop.example.com', siwe);
        // viem's writer refuses what it cannot write; its parser reads the fields back.
        createSiweMessage({
          domain: 'shop.example.com',
          address: ADDRESS,
          uri: 'https://shop.example.com',
          version: '1',
          chainId: 1,
          nonce: 'abcdefgh1',
          ...(siwe.statement ? { statement: siwe.statement } : {}),
          resources: siwe.resources ?? [],
        });
        expect(parseSiweMessage(message)).toMatchObject({ resources: [resource] });
      }),
      { numRuns: 2000 },
    );
  });
});
