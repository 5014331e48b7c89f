import type { ProductScreens } from '../../registry/products';
import { PasskeyConfirmation } from './PasskeyConfirmation';

export const screens: ProductScreens['screens'] = { PasskeyConfirmation };
