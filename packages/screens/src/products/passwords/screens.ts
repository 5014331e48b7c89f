import { PasswordBreached, PasswordDedupe, PasswordForgot, PasswordSetNew } from './checkEmailScreens';
import { PasswordConfirmation } from './PasswordConfirmation';
import { PasswordCreateOrLogin } from './PasswordCreateOrLogin';
import { PasswordResetForm } from './PasswordResetForm';
import './passwords.css';

export const screens = {
  PasswordResetForm,
  PasswordCreateOrLogin,
  PasswordForgot,
  PasswordBreached,
  PasswordSetNew,
  PasswordDedupe,
  PasswordConfirmation,
};
