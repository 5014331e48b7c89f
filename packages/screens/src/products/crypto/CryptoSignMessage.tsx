import { useAtomValue } from 'jotai';
import { BackButton } from '../../components/BackButton';
import { Spinner } from '../../components/Spinner';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { cryptoStateAtom } from '../../state/formAtoms';
import { useT } from '../../strings/StringsContext';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';
import { useWalletStep } from './useWalletStep';
import { chosenWalletAtom } from './walletAtoms';
import { signChallenge, WalletError } from './walletClient';

/** 'Completing signature request...': the wallet signs the challenge, the provider checks it (step 5). */
export function CryptoSignMessage() {
  const t = useT();
  const dispatch = useFlow();
  const { api, host } = useServices();
  const wallet = useAtomValue(chosenWalletAtom);
  const { walletAddress, walletChallenge } = useAtomValue(cryptoStateAtom);
  const duration = useSessionDuration();
  const finish = useFinishAuthentication();

  useWalletStep(async () => {
    if (!wallet || !walletChallenge) throw new WalletError(4100, 'No challenge to sign.');
    const signature = await signChallenge(host, wallet, walletAddress, walletChallenge);
    const response = await api.call('POST /crypto_wallets/authenticate', {
      crypto_wallet_address: walletAddress,
      crypto_wallet_type: wallet.kind,
      signature,
      session_duration_minutes: duration,
    });
    await finish(response, 'CRYPTO_WALLET_AUTHENTICATE', 'walletSigned');
  }, '[Error] Could not sign message');

  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('crypto.signing')}</h1>
      <Spinner />
    </div>
  );
}
