import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <svg
    viewBox="0 0 20 20"
    aria-hidden="true"
    className="size-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
  >
    <path d="M1.75 10S4.75 4.25 10 4.25 18.25 10 18.25 10 15.25 15.75 10 15.75 1.75 10 1.75 10Z" />
    <circle cx="10" cy="10" r="2.75" />
    {crossed && <path d="M3 3l14 14" strokeLinecap="round" />}
  </svg>
);

/**
 * Spec §2, §4: a password input with a show/hide toggle. The toggle is a toggle button: its name
 * stays 'Show password' and aria-pressed tells whether the text is shown (WAI-ARIA APG).
 */
export const PasswordField = (props: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-label={t('password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          className="flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
};
