import type { ProductScreens } from '../../registry/products';
import { OAuthConfirmation } from './OAuthConfirmation';

export const screens: ProductScreens['screens'] = { OAuthConfirmation };
