import type { ProductScreens } from '../../registry/products';
import { OtpAuthenticate } from './OtpAuthenticate';
import { OtpConfirmation } from './OtpConfirmation';
import './otp.css';

export const screens: ProductScreens['screens'] = {
  OTPAuthenticate: OtpAuthenticate,
  OTPConfirmation: OtpConfirmation,
};
