import { CODE_LENGTH, errorMessage, type TotpStart } from '@hub/core';
import { type ReactNode, useRef, useState } from 'react';
import type { ApiResult } from '../../api/client';
import type { useApiProblem } from '../../hooks/use-api-problem';
import { useStableCallback } from '../../hooks/use-stable-callback';
import type { CodeInputHandle } from './CodeInput';
import { SecondFactorCodeField } from './SecondFactorParts';

type Show = ReturnType<typeof useApiProblem>['show'];

const emptyBoxes = () => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * The authenticator app's first code, as both set-ups send it (the sign-in that requires a second
 * factor, SecondFactorEnrolment; the account center's two-step panel): the boxes, their error, the
 * request in flight, and the submit that confirms the code. A refused code empties the boxes and
 * puts the focus back in the first one; any other problem goes where `show` puts it.
 */
export const useAuthenticatorCode = <T,>({
  confirm,
  onConfirmed,
  show,
  dismiss,
  onRestart,
  checkLength = false,
  locked = false,
}: {
  /** Sends the code to the server. */
  confirm: (code: string) => Promise<ApiResult<T>>;
  onConfirmed: (data: T) => void;
  show: Show;
  dismiss: () => void;
  /** What a problem's "start again" does. */
  onRestart: () => void;
  /** Checks in the browser that all six digits are there before sending. */
  checkLength?: boolean;
  /** Nothing more is sent (the set-up is done). */
  locked?: boolean;
}) => {
  const [boxes, setBoxes] = useState<string[]>(emptyBoxes);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<CodeInputHandle>(null);

  const submit = useStableCallback(async () => {
    if (busy || locked) return;
    dismiss();
    const code = boxes.join('');
    if (checkLength && code.length !== CODE_LENGTH) {
      setError(errorMessage('second_factor.code_required'));
      inputRef.current?.focus(code.length);
      return;
    }
    setBusy(true);
    const result = await confirm(code);
    setBusy(false);
    if (result.ok) {
      onConfirmed(result.data);
      return;
    }
    if (show(result.error, { code: setError }, { retry: submit, restart: onRestart }) === 'code') {
      setBoxes(emptyBoxes());
      inputRef.current?.focus(0);
    }
  });

  const change = (next: string[]) => {
    setError(undefined);
    setBoxes(next);
  };

  return { boxes, error, busy, inputRef, submit, change };
};

export type AuthenticatorCode = ReturnType<typeof useAuthenticatorCode>;

/** The key as shown in the account center: groups of four, easier to type (apps ignore the spaces). */
const groupsOfFour = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator app: its QR code, the key as text for an app that cannot scan, and
 * the boxes for the app's first code. The sign-in shows the key in a line under the code (`compact`);
 * the account center in groups of four with a Copy button beside it (`copy`).
 */
export const AuthenticatorSetup = ({
  started,
  code,
  qrAlt,
  secretLabel,
  layout,
  copy,
  prompt,
  promptId,
}: {
  started: TotpStart;
  code: AuthenticatorCode;
  qrAlt: string;
  secretLabel: string;
  layout: 'compact' | 'account';
  /** The account center's Copy button for the key. */
  copy?: ReactNode;
  /** Above the boxes, inside the field's group (its id is `promptId`). */
  prompt?: ReactNode;
  /** The id of the prompt the boxes are read with. */
  promptId: string;
}) => (
  <>
    {layout === 'compact' ? (
      <>
        <img src={started.qrCode} alt={qrAlt} width={192} height={192} className="mx-auto size-48" />
        <p className="text-sm text-slate-600">
          {secretLabel}{' '}
          <code data-testid="totp-secret" className="break-all font-mono text-slate-900">
            {started.secret}
          </code>
        </p>
      </>
    ) : (
      <>
        <img
          src={started.qrCode}
          alt={qrAlt}
          width={192}
          height={192}
          className="size-48 self-center rounded-lg bg-white ring-1 ring-slate-200 tablet:self-start"
        />
        <div className="flex flex-col gap-2 text-sm text-slate-600">
          <p>{secretLabel}</p>
          <code
            data-testid="totp-secret"
            className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-base tracking-wide break-all text-slate-900"
          >
            {groupsOfFour(started.secret)}
          </code>
          {copy && <div>{copy}</div>}
        </div>
      </>
    )}
    <SecondFactorCodeField
      inputRef={code.inputRef}
      prompt={prompt}
      boxes={code.boxes}
      onChange={code.change}
      error={code.error}
      readOnly={code.busy}
      describedBy={promptId}
    />
  </>
);
