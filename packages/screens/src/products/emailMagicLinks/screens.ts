import type { ProductScreens } from '../../registry/products';
import { EmailConfirmation } from './EmailConfirmation';

export const screens: ProductScreens['screens'] = { EmailConfirmation };
