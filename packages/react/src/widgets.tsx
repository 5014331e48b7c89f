import type { CSSProperties } from 'react';
import type {
  IdentityProviderMountOptions,
  LatchClient,
  LoginMountOptions,
  PasskeyRegistrationMountOptions,
  ResetPasswordMountOptions,
} from '@latch/loader';
import { useMountedWidget } from './useMountedWidget';

/** Props of the element the widget mounts into. */
interface HostElementProps {
  /** The container's id; default: a generated one. */
  id?: string | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

export type LatchLoginProps = Omit<LoginMountOptions, 'elementId'> & HostElementProps;
export type LatchResetPasswordProps = Omit<ResetPasswordMountOptions, 'elementId'> & HostElementProps;
export type LatchPasskeyRegistrationProps = Omit<PasskeyRegistrationMountOptions, 'elementId'> &
  HostElementProps;
export type LatchIdentityProviderProps = Omit<IdentityProviderMountOptions, 'elementId'> & HostElementProps;

// Module-level, so the mount effect's dependencies never change between renders.
const mountLogin = (client: LatchClient, options: LoginMountOptions) => client.mountLogin(options);
const mountResetPassword = (client: LatchClient, options: ResetPasswordMountOptions) =>
  client.mountResetPassword(options);
const mountPasskeyRegistration = (client: LatchClient, options: PasskeyRegistrationMountOptions) =>
  client.mountPasskeyRegistration(options);
const mountIdentityProvider = (client: LatchClient, options: IdentityProviderMountOptions) =>
  client.mountIdentityProvider(options);

/**
 * The container: the same markup on the server and in the browser, so hydration matches; the
 * widget's custom element is appended inside it once mounted.
 */
function Host({ id, className, style }: HostElementProps & { id: string }) {
  return <div id={id} className={className} style={style} data-latch-widget="" />;
}

/** The sign-up and log-in widget (`<stytch-ui>`). */
export function LatchLogin({ id, className, style, ...options }: LatchLoginProps) {
  const elementId = useMountedWidget(mountLogin, options, id);
  return <Host id={elementId} className={className} style={style} />;
}

/** The password reset screen for the `?token=` of a reset email's link. */
export function LatchResetPassword({ id, className, style, ...options }: LatchResetPasswordProps) {
  const elementId = useMountedWidget(mountResetPassword, options, id);
  return <Host id={elementId} className={className} style={style} />;
}

/** Lets a signed-in visitor add a passkey. */
export function LatchPasskeyRegistration({
  id,
  className,
  style,
  ...options
}: LatchPasskeyRegistrationProps) {
  const elementId = useMountedWidget(mountPasskeyRegistration, options, id);
  return <Host id={elementId} className={className} style={style} />;
}

/** The consent screen of your project's OpenID Connect authorization page. */
export function LatchIdentityProvider({ id, className, style, ...options }: LatchIdentityProviderProps) {
  const elementId = useMountedWidget(mountIdentityProvider, options, id);
  return <Host id={elementId} className={className} style={style} />;
}
