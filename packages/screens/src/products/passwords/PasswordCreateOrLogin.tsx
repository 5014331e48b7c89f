import { useAtomValue } from 'jotai';
import { BackButton } from '../../components/BackButton';
import { useFlow } from '../../hooks/useFlow';
import { passwordStateAtom } from '../../state/formAtoms';
import { CreateAccount } from './CreateAccount';
import { LogIn } from './LogIn';
import { PasswordlessLogIn } from './PasswordlessLogIn';

/** After the user search: create, log in, or the passwordless variant, by the stored user type. */
export function PasswordCreateOrLogin() {
  const { type } = useAtomValue(passwordStateAtom);
  const dispatch = useFlow();
  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      {type === 'new' ? <CreateAccount /> : type === 'password' ? <LogIn /> : <PasswordlessLogIn />}
    </div>
  );
}
