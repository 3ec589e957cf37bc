import '../../texts';
import {
  apiErrorText,
  errorMessage,
  RECOVERY_CODE_COUNT,
  type SecondFactorStatus,
  type TotpStart,
} from '@hub/core';
import { type ReactNode, type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { meSecondFactorsApi } from '../../../../api/me-second-factors';
import { listPasskeys } from '../../../../api/passkeys';
import { AuthenticatorSetup, useAuthenticatorCode } from '../../../../components/auth/AuthenticatorSetup';
import { ProblemBanner } from '../../../../components/auth/ProblemBanner';
import { RecoveryCodeList } from '../../../../components/auth/SecondFactorParts';
import { Form } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import { useApiProblem } from '../../../../hooks/use-api-problem';
import { useField } from '../../../../hooks/use-field';
import { useStableCallback } from '../../../../hooks/use-stable-callback';
import { PRODUCT_NAME } from '../../../../lib/brand';
import { useAccountWords } from '../../account-words';
import {
  CurrentPasswordField,
  PanelButton,
  PanelFormActions,
  SecurityPanel,
  type SecurityPanelProps,
} from './panel';

/** What the panel shows under its title: the set-up as the server reads it, and the passkeys' count. */
type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; status: SecondFactorStatus; passkeys: number | null }
  | { kind: 'failed'; message: string };

/** What is open under the summary. */
type Step =
  | { kind: 'closed' }
  | { kind: 'setup'; started: TotpStart | null }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turn-off'; askPassword: boolean }
  | { kind: 'new-codes' };

type Show = ReturnType<typeof useApiProblem>['show'];

/** The last second factor is the one whose removal needs the password (docs/second-factors.md). */
const isLastFactor = (status: SecondFactorStatus) =>
  status.methods.every((method) => method === 'totp' || method === 'recovery');

const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

const quietButton =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50';

/** "Copied" (or why not) next to a copy button, announced when it appears. */
const CopyButton = ({ text, label }: { text: string; label: string }) => {
  const [copied, setCopied] = useState<boolean | null>(null);
  const { t } = useAccountWords();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" className={quietButton} onClick={async () => setCopied(await copyText(text))}>
        {label}
      </button>
      <span role="status" className="text-sm text-slate-600">
        {copied === true ? t('account.copied') : copied === false ? t('account.copyFailed') : ''}
      </span>
    </span>
  );
};

/** The panel's reading of the set-up and the passkeys' count, with `reload` to read them again. */
const useTwoStepStatus = () => {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((count) => count + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how `reload` asks again.
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([meSecondFactorsApi.status({ signal: controller.signal }), listPasskeys()]).then(
      ([status, passkeys]) => {
        if (controller.signal.aborted) return;
        if (status.ok)
          setLoaded({
            kind: 'ready',
            status: status.data,
            passkeys: passkeys.ok ? passkeys.data.passkeys.length : null,
          });
        else setLoaded({ kind: 'failed', message: apiErrorText(status.error) });
      },
    );
    return () => controller.abort();
  }, [round]);

  /** The set-up as a change answered it; the passkeys' count stays as read. */
  const setStatus = (status: SecondFactorStatus) =>
    setLoaded((current) => ({
      kind: 'ready',
      status,
      passkeys: current.kind === 'ready' ? current.passkeys : null,
    }));

  return { loaded, reload, setStatus };
};

/** What the panel says under its title: the summary, why it could not be read, or that it is being read. */
const TwoStepSummary = ({ loaded, reload }: { loaded: Loaded; reload: () => void }) => {
  const { t } = useAccountWords();
  if (loaded.kind === 'ready') return <Summary status={loaded.status} passkeys={loaded.passkeys} />;
  if (loaded.kind === 'failed') {
    return (
      <p role="alert" className="text-red-700">
        {loaded.message}{' '}
        <button type="button" className="font-medium underline" onClick={reload}>
          {t('tryAgain')}
        </button>
      </p>
    );
  }
  return <Spinner label={t('account.twoStep.loading')} size="sm" />;
};

/** The panel's buttons while no step is open: set up, or new codes and turn off. */
const TwoStepActions = ({
  status,
  actionsRef,
  controls,
  onSetUp,
  onOpen,
}: {
  status: SecondFactorStatus;
  actionsRef: Ref<HTMLDivElement>;
  controls: string;
  onSetUp: () => void;
  onOpen: (step: Step) => void;
}) => {
  const { t } = useAccountWords();
  return (
    <div ref={actionsRef} className="flex flex-wrap gap-2">
      {status.totp.enrolled ? (
        <>
          <PanelButton onClick={() => onOpen({ kind: 'new-codes' })} expanded={false} controls={controls}>
            {t('account.twoStep.newCodes')}
          </PanelButton>
          <PanelButton
            tone="danger"
            onClick={() => onOpen({ kind: 'turn-off', askPassword: isLastFactor(status) })}
            expanded={false}
            controls={controls}
          >
            {t('account.twoStep.turnOff')}
          </PanelButton>
        </>
      ) : (
        <PanelButton onClick={onSetUp} expanded={false} controls={controls}>
          {t('account.twoStep.setUp')}
        </PanelButton>
      )}
    </div>
  );
};

/**
 * The step open under the summary, with what opens and closes one: closing puts focus back on the
 * panel's first button (the one that opened the step, or its successor).
 */
const useTwoStepSteps = ({
  reload,
  dismiss,
  show,
}: {
  reload: () => void;
  dismiss: () => void;
  show: Show;
}) => {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const actionsRef = useRef<HTMLDivElement>(null);

  const opened = useRef(false);
  useEffect(() => {
    if (step.kind === 'closed' && opened.current) actionsRef.current?.querySelector('button')?.focus();
    opened.current = step.kind !== 'closed';
  }, [step.kind]);

  const close = () => {
    dismiss();
    setStep({ kind: 'closed' });
  };

  const startSetup = useStableCallback(async () => {
    dismiss();
    setStep({ kind: 'setup', started: null });
    const result = await meSecondFactorsApi.startTotp();
    if (result.ok) {
      setStep({ kind: 'setup', started: result.data });
      return;
    }
    setStep({ kind: 'closed' });
    // Set up meanwhile (another tab): the summary says so once read again.
    if (result.error.code === 'second_factor.already_enrolled') reload();
    show(result.error, {}, { retry: startSetup });
  });

  return { step, setStep, actionsRef, close, startSetup };
};

/**
 * Two-step sign-in (docs/second-factors.md, docs/account-center.md): whether an authenticator app
 * confirms the sign-ins and since when, how many recovery codes are left, how many passkeys the
 * account has; setting the app up (QR code, the key as text, its first code), turning it off (with
 * the password when it is the last second factor), and new recovery codes. Recovery codes are
 * shown once, right after they are made, with Download and Copy.
 */
export const TwoStepPanel = ({ overview, notify }: SecurityPanelProps) => {
  const stepId = useId();
  const { loaded, reload, setStatus } = useTwoStepStatus();
  const { problem, dismiss, show } = useApiProblem();
  const { step, setStep, actionsRef, close, startSetup } = useTwoStepSteps({ reload, dismiss, show });
  const { t } = useAccountWords();

  const status = loaded.kind === 'ready' ? loaded.status : null;
  const steps = { show, dismiss, onCancel: close };

  return (
    <SecurityPanel
      overlay={<ProblemBanner problem={problem} onDismiss={dismiss} />}
      testId="two-step"
      title={t('account.twoStep.title')}
      summary={<TwoStepSummary loaded={loaded} reload={reload} />}
      action={
        status &&
        step.kind === 'closed' && (
          <TwoStepActions
            status={status}
            actionsRef={actionsRef}
            controls={stepId}
            onSetUp={() => void startSetup()}
            onOpen={setStep}
          />
        )
      }
    >
      {step.kind === 'setup' && (
        <div id={stepId}>
          {step.started ? (
            <SetupStep
              {...steps}
              started={step.started}
              onRestart={() => void startSetup()}
              onDone={(next, codes) => {
                setStatus(next);
                notify(t('account.twoStep.turnedOn'));
                if (codes && codes.length > 0) setStep({ kind: 'codes', codes });
                else close();
              }}
            />
          ) : (
            <Spinner label={t('account.twoStep.makingKey')} />
          )}
        </div>
      )}
      {step.kind === 'codes' && (
        <div id={stepId}>
          <RecoveryCodes codes={step.codes} onSaved={close} />
        </div>
      )}
      {step.kind === 'turn-off' && status && (
        <div id={stepId}>
          <TurnOffStep
            {...steps}
            askPassword={step.askPassword}
            hasPassword={overview.hasPassword}
            onPasswordNeeded={() => setStep({ kind: 'turn-off', askPassword: true })}
            onDone={(next) => {
              setStatus(next);
              close();
              notify(t('account.twoStep.turnedOff'));
            }}
          />
        </div>
      )}
      {step.kind === 'new-codes' && (
        <div id={stepId}>
          <NewCodesStep
            {...steps}
            onDone={(codes) => {
              reload();
              setStep({ kind: 'codes', codes });
              notify(t('account.twoStep.renewed'));
            }}
          />
        </div>
      )}
    </SecurityPanel>
  );
};

const SummaryRow = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="flex flex-wrap gap-x-2">
    <dt className="font-medium text-slate-800">{term}:</dt>
    <dd>{children}</dd>
  </div>
);

const Summary = ({ status, passkeys }: { status: SecondFactorStatus; passkeys: number | null }) => {
  const { totp, recoveryCodes } = status;
  const left = recoveryCodes.remaining;
  const { t, shortDate } = useAccountWords();
  const nowrap = <span className="whitespace-nowrap" />;
  return (
    <div className="flex flex-col gap-2">
      {totp.enrolled ? (
        <p>
          <Trans ns="account" i18nKey="account.twoStep.enrolledSummary" components={{ nowrap }} />
        </p>
      ) : (
        <p>
          <Trans ns="account" i18nKey="account.twoStep.offSummary" components={{ nowrap }} />
        </p>
      )}
      <dl className="flex flex-col gap-1" data-testid="two-step-status">
        <SummaryRow term={t('account.twoStep.app')}>
          {totp.enrolled
            ? totp.confirmedAt
              ? t('account.twoStep.onSince', { date: shortDate(totp.confirmedAt) })
              : t('account.twoStep.on')
            : t('account.twoStep.off')}
        </SummaryRow>
        {totp.enrolled && (
          <SummaryRow term={t('account.twoStep.recoveryCodes')}>
            <span className={left <= 2 ? 'font-medium text-red-700' : undefined}>
              {left === 0
                ? t('account.twoStep.noneLeft')
                : t(left <= 2 ? 'account.twoStep.fewLeft' : 'account.twoStep.left', {
                    left,
                    total: RECOVERY_CODE_COUNT,
                  })}
            </span>
          </SummaryRow>
        )}
        {passkeys !== null && (
          <SummaryRow term={t('account.twoStep.passkeys')}>
            {passkeys === 0
              ? t('account.twoStep.noPasskeys')
              : t('account.twoStep.passkeyCount', { count: passkeys })}
          </SummaryRow>
        )}
      </dl>
    </div>
  );
};

/**
 * A step of the panel as a form: its heading (the step focuses it through `titleRef`) and what it
 * does, the step's own fields, then Cancel and the step's button.
 */
const StepForm = ({
  step,
  gap = 'gap-4',
  titleRef,
  title,
  description,
  onSubmit,
  onCancel,
  busy,
  submitLabel,
  children,
}: {
  /** The form's data-step. */
  step: string;
  gap?: 'gap-4' | 'gap-5';
  titleRef: Ref<HTMLHeadingElement>;
  title: string;
  description: string;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  children?: ReactNode;
}) => {
  const titleId = useId();
  return (
    <Form
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      className={`flex max-w-md flex-col ${gap}`}
      data-step={step}
    >
      <div>
        <h4 id={titleId} ref={titleRef} tabIndex={-1} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
      <PanelFormActions onCancel={onCancel} cancelDisabled={busy} submitLabel={submitLabel} busy={busy} />
    </Form>
  );
};

/** The QR code, the key as text with Copy, and the code boxes for the app's first code. */
const SetupStep = ({
  started,
  show,
  dismiss,
  onCancel,
  onRestart,
  onDone,
}: {
  started: TotpStart;
  show: Show;
  dismiss: () => void;
  onCancel: () => void;
  onRestart: () => void;
  onDone: (status: SecondFactorStatus, codes: string[] | undefined) => void;
}) => {
  const promptId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { t } = useAccountWords();
  const code = useAuthenticatorCode({
    confirm: meSecondFactorsApi.confirmTotp,
    onConfirmed: (confirmed) => onDone(confirmed.status, confirmed.recoveryCodes),
    show,
    dismiss,
    onRestart,
    checkLength: true,
  });

  useEffect(() => titleRef.current?.focus(), []);

  return (
    <StepForm
      step="two-step-setup"
      gap="gap-5"
      titleRef={titleRef}
      title={t('account.twoStep.setUp')}
      description={t('account.twoStep.scan')}
      onSubmit={code.submit}
      onCancel={onCancel}
      busy={code.busy}
      submitLabel={t('account.twoStep.turnOn')}
    >
      <AuthenticatorSetup
        started={started}
        code={code}
        qrAlt={t('account.twoStep.qrAlt')}
        secretLabel={t('account.twoStep.secretLabel')}
        layout="account"
        copy={<CopyButton text={started.secret} label={t('account.twoStep.copyKey')} />}
        prompt={
          <p id={promptId} className="text-sm text-slate-700">
            {t('account.twoStep.thenEnter', { product: PRODUCT_NAME })}
          </p>
        }
        promptId={promptId}
      />
    </StepForm>
  );
};

/** The recovery codes, shown once: Download, Copy, and "I’ve saved them", which closes them for good. */
const RecoveryCodes = ({ codes, onSaved }: { codes: string[]; onSaved: () => void }) => {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { t } = useAccountWords();
  useEffect(() => titleRef.current?.focus(), []);
  const asText = codes.join('\n');

  const download = () => {
    const file = new Blob(
      [
        `${t('account.twoStep.fileTitle', { product: PRODUCT_NAME })}\n\n${t('account.twoStep.fileLine')}\n\n${asText}\n`,
      ],
      { type: 'text/plain' },
    );
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'account-hub-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby={titleId} className="flex max-w-md flex-col gap-4" data-step="two-step-codes">
      <div>
        <h4 id={titleId} ref={titleRef} tabIndex={-1} className="text-sm font-semibold text-slate-900">
          {t('account.twoStep.saveCodes')}
        </h4>
        <p className="mt-1 text-sm text-slate-600">{t('account.twoStep.saveCodesPrompt')}</p>
      </div>
      <RecoveryCodeList codes={codes} />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={quietButton} onClick={download}>
          {t('account.download')}
        </button>
        <CopyButton text={asText} label={t('account.copy')} />
      </div>
      <div className="tablet:w-48">
        <button
          type="button"
          onClick={onSaved}
          className="w-full rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-800"
        >
          {t('account.twoStep.saved')}
        </button>
      </div>
    </section>
  );
};

/** Turning the app off: a confirmation, with the password when it is the last second factor. */
const TurnOffStep = ({
  askPassword,
  hasPassword,
  show,
  dismiss,
  onCancel,
  onPasswordNeeded,
  onDone,
}: {
  askPassword: boolean;
  hasPassword: boolean;
  show: Show;
  dismiss: () => void;
  onCancel: () => void;
  onPasswordNeeded: () => void;
  onDone: (status: SecondFactorStatus) => void;
}) => {
  const [busy, setBusy] = useState(false);
  const password = useField();
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { t } = useAccountWords();

  useEffect(() => {
    if (askPassword) passwordRef.current?.focus();
    else titleRef.current?.focus();
  }, [askPassword]);

  const submit = useStableCallback(async () => {
    if (busy) return;
    dismiss();
    if (askPassword && password.value === '') {
      password.fail(errorMessage('password.required'));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await meSecondFactorsApi.removeTotp(askPassword ? password.value : undefined);
    setBusy(false);
    if (result.ok) {
      onDone(result.data);
      return;
    }
    // The server counts it as the last second factor: ask for the password, then send again.
    if (!askPassword && result.error.code === 'password.required') {
      onPasswordNeeded();
      return;
    }
    if (show(result.error, { password: password.fail }, { retry: submit }) === 'password') {
      passwordRef.current?.focus();
    }
  });

  return (
    <StepForm
      step="two-step-off"
      titleRef={titleRef}
      title={t('account.twoStep.turnOffTitle')}
      description={t('account.twoStep.turnOffDescription')}
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      submitLabel={t('account.twoStep.turnOff')}
    >
      {askPassword && (
        <>
          <p className="text-sm text-slate-700">
            {hasPassword ? t('account.twoStep.lastWithPassword') : t('account.twoStep.lastWithoutPassword')}
          </p>
          <CurrentPasswordField
            field={password}
            inputRef={passwordRef}
            label={t('password.label')}
            busy={busy}
          />
        </>
      )}
    </StepForm>
  );
};

/** New recovery codes: a confirmation first, since the old ones stop working. */
const NewCodesStep = ({
  show,
  dismiss,
  onCancel,
  onDone,
}: {
  show: Show;
  dismiss: () => void;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) => {
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { t } = useAccountWords();
  useEffect(() => titleRef.current?.focus(), []);

  const submit = useStableCallback(async () => {
    if (busy) return;
    dismiss();
    setBusy(true);
    const result = await meSecondFactorsApi.newRecoveryCodes();
    setBusy(false);
    if (result.ok) onDone(result.data.codes);
    else show(result.error, {}, { retry: submit });
  });

  return (
    <StepForm
      step="two-step-new-codes"
      titleRef={titleRef}
      title={t('account.twoStep.newCodesTitle')}
      description={t('account.twoStep.newCodesDescription', { total: RECOVERY_CODE_COUNT })}
      onSubmit={submit}
      onCancel={onCancel}
      busy={busy}
      submitLabel={t('account.twoStep.makeNewCodes')}
    />
  );
};
