import { describe, expect, it } from 'vitest';
import { readValue } from './readValue';
import { walletListSchema, walletRequestSchema, walletResponseSchema } from './wallets';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('wallet relay schemas', () => {
  it('accept only allowlisted methods with their exact params', () => {
    const accepts = (v: unknown) => readValue(walletRequestSchema, v).ok;
    expect(accepts({ walletId: 'w', method: 'eth_requestAccounts' })).toBe(true);
    expect(accepts({ walletId: 'w', method: 'eth_chainId', params: [] })).toBe(true);
    expect(accepts({ walletId: 'w', method: 'personal_sign', params: ['0x6869', ADDRESS] })).toBe(true);
    expect(accepts({ walletId: 'w', method: 'signMessage', params: ['hello'] })).toBe(true);

    expect(accepts({ walletId: 'w', method: 'eth_sendTransaction', params: [] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'wallet_addEthereumChain' })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'eth_accounts', params: ['x'] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'personal_sign', params: ['hi'] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'personal_sign', params: ['hi', 'not-an-address'] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'personal_sign', params: [{ raw: '0x' }, ADDRESS] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'personal_sign', params: ['x'.repeat(8193), ADDRESS] })).toBe(
      false,
    );
    expect(accepts({ walletId: 'w', method: 'signMessage', params: [] })).toBe(false);
    expect(accepts({ walletId: 'w', method: 'connect', extra: true })).toBe(false);
    expect(accepts({ method: 'connect' })).toBe(false);
  });

  it('name the allowlist and the bad parameter when they refuse', () => {
    expect(readValue(walletRequestSchema, { walletId: 'w', method: 'eth_sign' }, 'walletRequest')).toEqual({
      ok: false,
      error:
        'walletRequest.method: expected one of eth_requestAccounts, eth_accounts, eth_chainId, personal_sign, connect, signMessage, got string',
    });
    expect(
      readValue(walletRequestSchema, { walletId: 'w', method: 'personal_sign', params: ['hi', '0x1'] }, 'r'),
    ).toEqual({ ok: false, error: 'r.params[1]: expected a 0x address' });
    expect(readValue(walletRequestSchema, { walletId: 'w', method: 'signMessage' }, 'r')).toEqual({
      ok: false,
      error: 'r.params: missing',
    });
  });

  it('check the loader answers the frame gets', () => {
    expect(readValue(walletResponseSchema, { ok: true, result: [ADDRESS] })).toEqual({
      ok: true,
      value: { ok: true, result: [ADDRESS] },
    });
    expect(readValue(walletResponseSchema, { ok: false, code: 4001, message: 'rejected' }).ok).toBe(true);
    expect(readValue(walletResponseSchema, { ok: true, result: 42 }).ok).toBe(false);
    expect(readValue(walletResponseSchema, { ok: false, result: 'x' }).ok).toBe(false);
    expect(readValue(walletListSchema, { wallets: [{ id: 'a', name: 'A', kind: 'bitcoin' }] }).ok).toBe(
      false,
    );
    expect(readValue(walletListSchema, { wallets: [{ id: 'a', name: 'A', kind: 'solana' }] }).ok).toBe(true);
  });
});
