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

/** The methods the step offers: given by the first factor's answer, else read from the server. */
const useOfferedMethods = ({
  flowId,
  methods,
  enrol,
  show,
  onRestart,
}: Pick<SecondFactorStepProps, 'flowId' | 'methods' | 'enrol' | 'onRestart'> & {
  show: ReturnType<typeof useApiProblem>['show'];
}) => {
  const [supported] = useState(passkeysSupported);
  const [listed, setOffered] = useState<readonly SecondFactorMethod[] | undefined>(methods);
  const [enrolling, setEnrolling] = useState(Boolean(enrol));

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

  const offered = listed?.filter((method) => method !== 'passkey' || supported);
  return { listed, offered, enrolling };
};

/** What the step asks for, by the method open. */
const methodPrompt = (
  t: ReturnType<typeof useTranslation>['t'],
  offered: readonly SecondFactorMethod[],
  method: SecondFactorMethod,
) => {
  if (offered.length === 0) return t('secondFactor.passkeyUnsupported');
  if (method === 'totp') return t('secondFactor.totpPrompt');
  if (method === 'passkey') return t('secondFactor.passkeyPrompt');
  return t('secondFactor.recoveryPrompt');
};

/** The inputs of the code methods: the code boxes, the recovery code, their error, and their focus. */
const useMethodInputs = (method: SecondFactorMethod, listed: boolean) => {
  const [boxes, setBoxes] = useState<string[]>(emptyBoxes);
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const codeInput = useRef<CodeInputHandle>(null);
  const recoveryInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!listed) return;
    if (method === 'totp') codeInput.current?.focus(0);
    else if (method === 'recovery') recoveryInput.current?.focus();
  }, [method, listed]);

  return {
    boxes,
    recovery,
    error,
    setError,
    codeInput,
    recoveryInput,
    /** What the open method sends. */
    typed: () => (method === 'totp' ? boxes.join('') : recovery.trim()),
    onBoxes: (next: string[]) => {
      setError(undefined);
      setBoxes(next);
    },
    onRecovery: (value: string) => {
      setError(undefined);
      setRecovery(value);
    },
    /** After a refused code: the boxes emptied, the focus back in the input. */
    refused: () => {
      if (method !== 'totp') return recoveryInput.current?.focus();
      setBoxes(emptyBoxes());
      codeInput.current?.focus(0);
    },
  };
};
type MethodInputs = ReturnType<typeof useMethodInputs>;

/** The open method's input and its button: the passkey's button, the code boxes, or the recovery code. */
const MethodInput = ({
  method,
  busy,
  leaving,
  inputs,
  promptId,
}: {
  method: SecondFactorMethod;
  busy: boolean;
  leaving: boolean;
  inputs: MethodInputs;
  promptId: string;
}) => {
  const { t } = useTranslation();
  const button = (label: string) => (
    <SubmitButton label={leaving ? t('redirecting') : label} busy={busy && !leaving} submitted={leaving} />
  );
  if (method === 'passkey') return button(t('secondFactor.usePasskey'));
  return (
    <>
      {method === 'totp' ? (
        <SecondFactorCodeField
          inputRef={inputs.codeInput}
          boxes={inputs.boxes}
          onChange={inputs.onBoxes}
          error={inputs.error}
          readOnly={busy || leaving}
          describedBy={promptId}
          errorTestId="second-factor-error"
        />
      ) : (
        <TextField
          ref={inputs.recoveryInput}
          label={t('secondFactor.recoveryLabel')}
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={inputs.recovery}
          onChange={inputs.onRecovery}
          error={inputs.error}
          readOnly={busy || leaving}
        />
      )}
      {button(t('secondFactor.submit'))}
    </>
  );
};

/** The links under the form: the other methods offered, and Cancel. */
const OtherMethods = ({
  others,
  disabled,
  onSwitch,
  onCancel,
}: {
  others: readonly SecondFactorMethod[];
  disabled: boolean;
  onSwitch: (method: SecondFactorMethod) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-between gap-3 text-sm">
      {others.map((other) => (
        <button
          key={other}
          type="button"
          onClick={() => onSwitch(other)}
          disabled={disabled}
          className="font-medium text-accent-700 underline-offset-2 hover:underline disabled:opacity-50"
        >
          {t(switchLabels[other])}
        </button>
      ))}
      <button
        type="button"
        onClick={onCancel}
        disabled={disabled}
        className="font-medium text-slate-600 underline-offset-2 hover:underline disabled:opacity-50"
      >
        {t('secondFactor.cancel')}
      </button>
    </div>
  );
};

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
  const { problem, dismiss, show } = useApiProblem();
  const { listed, offered, enrolling } = useOfferedMethods({ flowId, methods, enrol, show, onRestart });
  const [method, setMethod] = useState<SecondFactorMethod>('totp');
  const inputs = useMethodInputs(method, Boolean(listed));
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const promptId = useId();

  const opening = offered ? firstMethod(offered) : undefined;
  useEffect(() => {
    if (opening) setMethod(opening);
  }, [opening]);

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
    const code = inputs.typed();
    setBusy(true);
    const result = await verifySecondFactor(flowId, method, code);
    setBusy(false);
    if (result.ok) {
      setLeaving(true);
      onVerified(result.data.location);
      return;
    }
    if (show(result.error, { code: inputs.setError }, { retry: submit, restart: onRestart }))
      inputs.refused();
  });

  const switchMethod = (next: SecondFactorMethod) => {
    dismiss();
    inputs.setError(undefined);
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
  return (
    <div className="flex flex-col gap-6" data-step="second-factor">
      <SecondFactorForm
        promptId={promptId}
        title={t('secondFactor.title')}
        prompt={methodPrompt(t, offered, method)}
        onSubmit={submit}
      >
        {offered.length > 0 && (
          <MethodInput method={method} busy={busy} leaving={leaving} inputs={inputs} promptId={promptId} />
        )}
      </SecondFactorForm>
      <OtherMethods others={others} disabled={busy || leaving} onSwitch={switchMethod} onCancel={onRestart} />
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </div>
  );
};
