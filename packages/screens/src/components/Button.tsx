import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** This button's request is under way: it shows a spinner, is disabled and says so (aria-busy). */
  busy?: boolean;
  secondary?: boolean;
}

/** The widget's button: primary or secondary, with a spinner while its own request is pending. */
export function Button({
  busy = false,
  secondary = false,
  disabled = false,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['latch-button', secondary && 'latch-button-secondary', className].filter(Boolean);
  return (
    <button {...rest} type={type} className={classes.join(' ')} disabled={disabled || busy} aria-busy={busy}>
      {/* Decorative: aria-busy already tells assistive technology, and the label stays the name. */}
      {busy && <span className="latch-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
