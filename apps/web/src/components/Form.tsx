import type { FormHTMLAttributes } from 'react';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  /** What submitting does (a promise it returns is the caller's: its errors become the form's message). */
  onSubmit: () => unknown;
};

/**
 * A form the app handles itself: the browser's own validation off (the fields show the catalogue's
 * messages, spec §5) and no page load on submit: `onSubmit` runs instead.
 */
export const Form = ({ onSubmit, ...props }: FormProps) => (
  <form
    noValidate
    {...props}
    onSubmit={(event) => {
      event.preventDefault();
      void onSubmit();
    }}
  />
);
