import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger';
  /** Disables the button and says so to assistive technology while an action runs. */
  busy?: boolean;
}

/** A real <button> (type="button" unless told): Enter and Space work, focus is visible. */
export function Button({ variant = 'primary', busy = false, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className="ui-button" data-variant={variant} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
