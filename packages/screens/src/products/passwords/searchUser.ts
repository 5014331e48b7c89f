import type { ApiClient } from '@latch/api';
import type { PasswordUserType } from '../../state/formAtoms';

/** Which password screen an email leads to: create, log in, or passwordless. */
export async function searchUser(api: ApiClient, email: string): Promise<PasswordUserType> {
  const { userType } = await api.call('POST /users/search', { email });
  return userType;
}
