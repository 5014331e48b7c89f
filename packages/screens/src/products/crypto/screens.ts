import { CryptoConfirmation } from './CryptoConfirmation';
import { CryptoConnect } from './CryptoConnect';
import { CryptoError } from './CryptoError';
import { CryptoOtherScreen } from './CryptoOtherScreen';
import { CryptoSetupWallet } from './CryptoSetupWallet';
import { CryptoSignMessage } from './CryptoSignMessage';
import './crypto.css';

export const screens = {
  CryptoConnect,
  CryptoSignMessage,
  CryptoOtherScreen,
  CryptoSetupWallet,
  CryptoError,
  CryptoConfirmation,
};
