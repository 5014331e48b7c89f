import { expect, test } from '../fixtures/test';

test('passkey registration without a signed-in visitor explains that a session is needed', async ({
  host,
}) => {
  await host.open({ kind: 'passkey-registration', config: { products: ['passkeys', 'emailMagicLinks'] } });
  await expect(
    host.frame.getByText(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    ),
  ).toBeVisible();
  await expect.poll(() => host.errorMessages()).not.toHaveLength(0);
});
