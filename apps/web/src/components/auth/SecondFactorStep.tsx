import { CODE_LENGTH, type SecondFactorMethod } from '@hub/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondStepStatus, verifySecondFactor } from '../../api/second-factor';
import { useApiProblem } from '../../hooks/use-api-problem';
import { useStableCallback } from '../../hooks/use-stable-callback';
import { confirmWithPasskey, passkeysSupported } from '../../lib/passkey';
import type { CodeInputHandle } from './CodeInput';
import { ProblemBanner } from './ProblemBanner';
import { SecondFactorEnrolment } from './SecondFactorEnrolment';
import { SecondFactorCodeField, SecondFactorForm, SecondFactorLoading } from './SecondFactorParts';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

interface SecondFactorStepProps {
  /** The second-factor flow the first factor answered with. */
  flowId: string;
  /** What the account can use; read from the server when the step is opened by a link (a provider sign-in). */
  methods?: readonly SecondFactorMethod[] | undefined;
  /** The sign-in requires a second factor the account has not set up: set one up first. */
  enrol?: boolean | undefined;
  /** The sign-in is complete: where the browser goes (after the screen's own notice, if any). */
  onVerified: (location: string) => void;
  /** The flow is gone (expired, or used): the screen starts over. */
  onRestart: () => void;
}

const emptyBoxes = () => Array.from({ length: CODE_LENGTH }, () => '');

/** The method a screen opens on: the authenticator app, else a passkey, else a recovery code. */
const firstMethod = (offered: readonly SecondFactorMethod[]): SecondFactorMethod | undefined =>
  (['totp', 'passkey', 'recovery'] as const).find((method) => offered.includes(method));

const switchLabels = {
  totp: 'secondFactor.useTotp',
  recovery: 'secondFactor.useRecovery',
  passkey: 'secondFactor.usePasskey',
} as const satisfies Record<SecondFactorMethod, string>;

/**
 * The second step of a sign-in (docs/second-factors.md): the 6-digit code of the authenticator
 * app in the code boxes, a recovery code, or a passkey (the browser's own prompt), switched by
 * links; errors under the input or in the shared problem banner. One method at a time; each is one
 * entry of the server's method list. Passkeys are not offered by a browser without WebAuthn.
 */
export const SecondFactorStep = ({
  flowId,
  methods,
  enrol,
  onVerified,
  onRestart,
}: SecondFactorStepProps) => {
  const { t } = useTranslation();
  const [supported] = useState(passkeysSupported);
  const [listed, setOffered] = useState<readonly SecondFactorMethod[] | undefined>(methods);
  const offered = listed?.filter((method) => method !== 'passkey' || supported);
  const [enrolling, setEnrolling] = useState(Boolean(enrol));
  const [method, setMethod] = useState<SecondFactorMethod>('totp');
  const [boxes, setBoxes] = useState<string[]>(emptyBoxes);
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { problem, dismiss, show } = useApiProblem();
  const codeInput = useRef<CodeInputHandle>(null);
  const recoveryInput = useRef<HTMLInputElement>(null);
  const promptId = useId();

  useEffect(() => {
    if (listed) return;
    const controller = new AbortController();
    void secondStepStatus(flowId).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        setOffered(result.data.methods);
        setEnrolling(result.data.enrol);
      } else show(result.error, {}, { retry: onRestart, restart: onRestart });
    });
    return () => controller.abort();
  }, [flowId, listed, show, onRestart]);

  const opening = offered ? firstMethod(offered) : undefined;
  useEffect(() => {
    if (opening) setMethod(opening);
  }, [opening]);

  useEffect(() => {
    if (!listed) return;
    if (method === 'totp') codeInput.current?.focus(0);
    else if (method === 'recovery') recoveryInput.current?.focus();
  }, [method, listed]);

  const focusInput = () => (method === 'totp' ? codeInput.current?.focus(0) : recoveryInput.current?.focus());

  /** The passkey: the flow's options, the browser's prompt, the hub's verdict. Closing the prompt changes nothing. */
  const confirmPasskey = useStableCallback(async () => {
    if (busy || leaving) return;
    dismiss();
    setBusy(true);
    const result = await confirmWithPasskey(flowId);
    setBusy(false);
    if (result.ok) {
      setLeaving(true);
      onVerified(result.data.location);
      return;
    }
    if (!result.cancelled) show(result.error, {}, { retry: confirmPasskey, restart: onRestart });
  });

  const submit = useStableCallback(async () => {
    if (busy || leaving) return;
    if (method === 'passkey') return confirmPasskey();
    dismiss();
    const code = method === 'totp' ? boxes.join('') : recovery.trim();
    setBusy(true);
    const result = await verifySecondFactor(flowId, method, code);
    setBusy(false);
    if (result.ok) {
      setLeaving(true);
      onVerified(result.data.location);
      return;
    }
    if (show(result.error, { code: setError }, { retry: submit, restart: onRestart })) {
      if (method === 'totp') setBoxes(emptyBoxes());
      focusInput();
    }
  });

  const switchMethod = (next: SecondFactorMethod) => {
    dismiss();
    setError(undefined);
    setMethod(next);
    // Choosing a passkey is the person's go-ahead: the browser's prompt opens at once.
    if (next === 'passkey') void confirmPasskey();
  };

  if (enrolling)
    return <SecondFactorEnrolment flowId={flowId} onVerified={onVerified} onRestart={onRestart} />;

  if (!offered || !listed) {
    return <SecondFactorLoading problem={problem} onDismiss={dismiss} />;
  }

  const others = (['totp', 'passkey', 'recovery'] as const).filter(
    (other) => other !== method && offered.includes(other),
  );
  const prompt =
    offered.length === 0
      ? t('secondFactor.passkeyUnsupported')
      : method === 'totp'
        ? t('secondFactor.totpPrompt')
        : method === 'passkey'
          ? t('secondFactor.passkeyPrompt')
          : t('secondFactor.recoveryPrompt');
  return (
    <div className="flex flex-col gap-6" data-step="second-factor">
      <SecondFactorForm promptId={promptId} title={t('secondFactor.title')} prompt={prompt} onSubmit={submit}>
        {offered.length === 0 ? null : method === 'passkey' ? (
          <SubmitButton
            label={leaving ? t('redirecting') : t('secondFactor.usePasskey')}
            busy={busy && !leaving}
            submitted={leaving}
          />
        ) : method === 'totp' ? (
          <SecondFactorCodeField
            inputRef={codeInput}
            boxes={boxes}
            onChange={(next) => {
              setError(undefined);
              setBoxes(next);
            }}
            error={error}
            readOnly={busy || leaving}
            describedBy={promptId}
            errorTestId="second-factor-error"
          />
        ) : (
          <TextField
            ref={recoveryInput}
            label={t('secondFactor.recoveryLabel')}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={recovery}
            onChange={(value) => {
              setError(undefined);
              setRecovery(value);
            }}
            error={error}
            readOnly={busy || leaving}
          />
        )}
        {offered.length > 0 && method !== 'passkey' && (
          <SubmitButton
            label={leaving ? t('redirecting') : t('secondFactor.submit')}
            busy={busy && !leaving}
            submitted={leaving}
          />
        )}
      </SecondFactorForm>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        {others.map((other) => (
          <button
            key={other}
            type="button"
            onClick={() => switchMethod(other)}
            disabled={busy || leaving}
            className="font-medium text-accent-700 underline-offset-2 hover:underline disabled:opacity-50"
          >
            {t(switchLabels[other])}
          </button>
        ))}
        <button
          type="button"
          onClick={onRestart}
          disabled={busy || leaving}
          className="font-medium text-slate-600 underline-offset-2 hover:underline disabled:opacity-50"
        >
          {t('secondFactor.cancel')}
        </button>
      </div>
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </div>
  );
};
