import type { ProductScreens } from '../../registry/products';
import { OTPAuthenticate } from './OTPAuthenticate';
import { OTPConfirmation } from './OTPConfirmation';
import './otp.css';

export const screens: ProductScreens['screens'] = { OTPAuthenticate, OTPConfirmation };
