import { useAtomValue, useSetAtom } from 'jotai';
import { BackButton } from '../../components/BackButton';
import { Spinner } from '../../components/Spinner';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { updateCryptoStateAtom } from '../../state/formAtoms';
import { sessionTokensAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { useWalletStep } from './useWalletStep';
import { chosenWalletAtom } from './walletAtoms';
import { connectWallet, WalletError } from './walletClient';

/** 'Connecting to your wallet...': the wallet's address, then a challenge for it (steps 2 and 3). */
export function CryptoConnect() {
  const t = useT();
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const { api, host } = useServices();
  const wallet = useAtomValue(chosenWalletAtom);
  const session = useAtomValue(sessionTokensAtom);
  const updateCrypto = useSetAtom(updateCryptoStateAtom);

  useWalletStep(async () => {
    if (!wallet) throw new WalletError(4100, 'No wallet was chosen.');
    const address = await connectWallet(host, wallet);
    // A signed-in visitor adds the wallet to their account (secondary); others sign in with it.
    const operation = session
      ? 'POST /crypto_wallets/authenticate/start/secondary'
      : 'POST /crypto_wallets/authenticate/start/primary';
    const response = await api.call(operation, {
      crypto_wallet_address: address,
      crypto_wallet_type: wallet.kind,
    });
    updateCrypto({ walletAddress: address, walletChallenge: response.challenge });
    emit('CRYPTO_WALLET_AUTHENTICATE_START', response);
    dispatch('challengeReceived');
  }, '[Error] Could not connect to wallet');

  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('crypto.connecting')}</h1>
      <Spinner />
    </div>
  );
}
