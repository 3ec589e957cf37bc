import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cx } from '../../lib/class-names';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'required' | 'aria-invalid' | 'aria-describedby' | 'children'
>;

export interface TextFieldProps extends NativeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field; marks the input invalid. */
  error?: string | undefined;
  /** Spec §2 password screens: a required field carries an asterisk. */
  required?: boolean;
  /** Ids of further text that describes the input (hints). */
  describedBy?: string | undefined;
  /** Something inside the input's right edge (the show/hide toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error linked through aria-describedby and aria-invalid. */
export const TextField = ({
  label,
  value,
  onChange,
  error,
  required = false,
  describedBy,
  trailing,
  ref,
  className,
  ...input
}: TextFieldProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <div className="relative mt-1.5">
        <input
          {...input}
          ref={ref}
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cx(
            'block w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-0 read-only:bg-slate-50 tablet:text-sm',
            trailing ? 'pr-12' : undefined,
            error ? 'border-red-500 focus-visible:outline-red-600' : 'border-slate-300',
          )}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
            <svg viewBox="0 0 16 16" aria-hidden="true" className="mt-0.5 size-4 shrink-0 fill-current">
              <path d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm-.75 3.25h1.5v4.5h-1.5v-4.5ZM8 12a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
            </svg>
            <span>{error}</span>
          </p>
        )}
      </div>
    </div>
  );
};
