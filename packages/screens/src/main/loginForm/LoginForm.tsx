import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense } from 'react';
import { Spinner } from '../../components/Spinner';
import { preloadable } from '../preloadable';
import { loginEntryAtom, updateLoginEntryAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { EmailForm } from './EmailForm';
import { isPhoneMethod, loginMethods, type LoginMethod } from '@latch/protocol';
import { METHOD_TAB_LABELS } from './loginMethods';
import { PhoneFormBlock } from './phoneFormBlock';
import { Tabs } from './Tabs';
import './loginForm.css';

/** The email / phone block of Main: one form, or a tab per method when there are several. */
export default function LoginForm() {
  const methods = loginMethods(useAtomValue(configAtom));
  // The form is outside Main's boundaries (it is in the first chunk); only the phone form's wait has one.
  return methods.some(isPhoneMethod) ? (
    <Suspense fallback={<Spinner />}>
      <WithPhoneForm.Component />
    </Suspense>
  ) : (
    <MethodForms />
  );
}

/**
 * With a phone method the block renders once the phone form's chunk is there (the provider
 * preloads it with the entry), so its tab never opens on a spinner.
 */
const WithPhoneForm = preloadable(() => PhoneFormBlock.preload().then(() => ({ default: MethodForms })));

function MethodForms() {
  const t = useT();
  const methods = loginMethods(useAtomValue(configAtom));
  // In the form state: Back from the passcode screen returns to the tab the code was sent from.
  const chosen = useAtomValue(loginEntryAtom).method;
  const updateEntry = useSetAtom(updateLoginEntryAtom);
  const first = methods[0];
  if (!first) return null;
  const selected = methods.find((method) => method === chosen) ?? first;
  const form = <MethodForm key={selected} method={selected} />;
  if (methods.length === 1) return form;
  return (
    <Tabs
      label={t('tabs.label')}
      tabs={methods.map((id) => ({ id, label: t(METHOD_TAB_LABELS[id]) }))}
      selected={selected}
      onSelect={(method) => updateEntry({ method })}
    >
      {form}
    </Tabs>
  );
}

function MethodForm({ method }: { method: LoginMethod }) {
  if (method === 'magicLink') return <EmailForm mode="magicLink" />;
  if (method === 'otpEmail') return <EmailForm mode="otp" />;
  if (method === 'password') return <EmailForm mode="password" />;
  return <PhoneFormBlock.Component channel={method} />;
}
