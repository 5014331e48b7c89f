import { OtpAuthenticate } from './OtpAuthenticate';
import { OtpConfirmation } from './OtpConfirmation';
import './otp.css';

export const screens = {
  OTPAuthenticate: OtpAuthenticate,
  OTPConfirmation: OtpConfirmation,
};
