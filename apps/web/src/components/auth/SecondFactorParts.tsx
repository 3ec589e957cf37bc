import type { ReactNode, Ref } from 'react';
import type { Problem } from '../../hooks/use-api-problem';
import { Form } from '../Form';
import { Spinner } from '../Spinner';
import { CodeInput, type CodeInputHandle } from './CodeInput';
import { ProblemBanner } from './ProblemBanner';

/** A sign-in's second-factor screen while it reads what it needs: a spinner, and why not if it fails. */
export const SecondFactorLoading = ({
  problem,
  onDismiss,
}: {
  problem: Problem | null;
  onDismiss: () => void;
}) => (
  <div className="flex flex-col items-center gap-4 py-6">
    <Spinner />
    <ProblemBanner problem={problem} onDismiss={onDismiss} />
  </div>
);

/** A sign-in's second-factor form: its heading and prompt (the id `promptId`), then `children`. */
export const SecondFactorForm = ({
  promptId,
  title,
  prompt,
  onSubmit,
  children,
}: {
  promptId: string;
  title: string;
  prompt: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) => (
  <Form onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby={`${promptId}-title`}>
    <div>
      <h2 id={`${promptId}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p id={promptId} className="mt-1 text-sm text-slate-600">
        {prompt}
      </p>
    </div>
    {children}
  </Form>
);

/**
 * The authenticator app's code as a second-factor screen asks for it (the sign-in's second step,
 * its enrolment, the account center's set-up): an optional prompt, the code boxes and, under them,
 * the refusal of the last code.
 */
export const SecondFactorCodeField = ({
  inputRef,
  prompt,
  boxes,
  onChange,
  error,
  readOnly,
  describedBy,
  errorTestId,
}: {
  inputRef: Ref<CodeInputHandle>;
  /** Above the boxes, inside the field's group (give it the id `describedBy` names). */
  prompt?: ReactNode;
  boxes: string[];
  onChange: (boxes: string[]) => void;
  error: string | undefined;
  readOnly: boolean;
  /** The id of the prompt the boxes are read with. */
  describedBy: string;
  errorTestId?: string;
}) => (
  <div className="flex flex-col gap-2">
    {prompt}
    <CodeInput
      ref={inputRef}
      boxes={boxes}
      onChange={onChange}
      readOnly={readOnly}
      tone={error ? 'error' : 'prompt'}
      describedBy={describedBy}
    />
    {error && (
      <p role="alert" data-testid={errorTestId} className="text-sm font-medium text-red-700">
        {error}
      </p>
    )}
  </div>
);

/** The recovery codes, shown once right after they are made, two to a row. */
export const RecoveryCodeList = ({ codes }: { codes: readonly string[] }) => (
  <ul
    data-testid="recovery-codes"
    className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200"
  >
    {codes.map((code) => (
      <li key={code}>{code}</li>
    ))}
  </ul>
);
