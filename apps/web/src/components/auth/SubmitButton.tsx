import type { MouseEvent } from 'react';
import { cx } from '../../lib/class-names';
import { Spinner } from '../Spinner';

interface SubmitButtonProps {
  label: string;
  /** Spec §2 "Busy screens": a loading animation while waiting; clicks are ignored. */
  busy?: boolean;
  /** Spec §4: once submitted the button stops responding to clicks. */
  submitted?: boolean;
  /** Not yet allowed (e.g. a password below full strength). */
  disabled?: boolean;
}

/**
 * The form's main button. While busy or submitted it keeps focus (aria-disabled, not disabled) so
 * a keyboard user is not dropped to the top of the page, and it ignores activation.
 */
export const SubmitButton = ({
  label,
  busy = false,
  submitted = false,
  disabled = false,
}: SubmitButtonProps) => {
  const inert = busy || submitted;
  const ignoreWhileInert = (event: MouseEvent<HTMLButtonElement>) => {
    if (inert) event.preventDefault();
  };
  return (
    <button
      type="submit"
      disabled={disabled && !inert}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      data-submitted={submitted || undefined}
      onClick={ignoreWhileInert}
      className={cx(
        'flex w-full items-center justify-center gap-2.5 rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors',
        'hover:bg-accent-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none',
        inert && 'cursor-progress bg-accent-600 hover:bg-accent-600',
      )}
    >
      {busy && <Spinner size="sm" tone="inverse" />}
      <span>{label}</span>
    </button>
  );
};
