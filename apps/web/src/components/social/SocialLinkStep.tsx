import {
  apiErrorText,
  errorMessage,
  type Platform,
  routePath,
  SECOND_STEP_PARAM,
  type SocialLinkState,
} from '@hub/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useField } from '../../hooks/use-field';
import { PasswordStepForm } from '../auth/PasswordStepForm';
import { Banner } from '../Banner';
import { Spinner } from '../Spinner';
import { TextLink } from '../TextLink';
import { fetchSocialLinkState, linkSocialIdentity } from './social-api';

const providerNames = { google: 'Google', facebook: 'Facebook' } as const;

/**
 * Linking a provider after the password: the provider gave a verified email of an existing account. The
 * account's password, entered once, is the consent to link (never silently); then the sign-in
 * ends like a password login.
 */
export const SocialLinkStep = ({ platform, flowId }: { platform: Platform; flowId: string }) => {
  const { t } = useTranslation();
  const [state, setState] = useState<SocialLinkState | 'loading' | 'gone'>('loading');
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const password = useField();
  const fieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSocialLinkState(flowId, controller.signal).then((result) => {
      if (result.ok) setState(result.data);
      else if (!result.aborted) setState('gone');
    });
    return () => controller.abort();
  }, [flowId]);

  // Spec §2: a busy screen shows the loading animation.
  if (state === 'loading')
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('loading')} />
      </div>
    );
  if (state === 'gone') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-red-700">
          {t('socialLink.gone')}
        </p>
        <TextLink to={routePath('login', { platform })}>{t('socialLink.backToLogin')}</TextLink>
      </div>
    );
  }

  const submit = async () => {
    if (busy || submitted) return;
    if (password.value === '') return password.fail(errorMessage('password.required'));
    setBusy(true);
    setProblem(undefined);
    const result = await linkSocialIdentity(flowId, password.value);
    setBusy(false);
    if (result.ok) {
      setSubmitted(true);
      const answer = result.data;
      if (answer.next === 'second_factor') {
        // The account confirms its sign-ins with a second factor: the same screen, on that step.
        const query = new URLSearchParams(window.location.search);
        query.delete('social');
        query.set(SECOND_STEP_PARAM, answer.flowId);
        window.location.assign(`${window.location.pathname}?${query.toString()}`);
      } else window.location.assign(answer.location);
      return;
    }
    if (result.error.field === 'password') password.fail(apiErrorText(result.error));
    else setProblem(apiErrorText(result.error));
  };

  const name = providerNames[state.provider];
  return (
    <div className="flex flex-col gap-6" data-testid="social-link">
      <p className="text-sm text-slate-700">
        {t('socialLink.explain', { provider: name, button: t(`social.${state.provider}`) })}
      </p>
      <PasswordStepForm
        account={state.account.display}
        password={password}
        fieldRef={fieldRef}
        submitLabel={t('socialLink.submit', { provider: name })}
        onSubmit={() => void submit()}
        busy={busy}
        submitted={submitted}
      />
      {problem && (
        <Banner variant="error" onDismiss={() => setProblem(undefined)}>
          {problem}
        </Banner>
      )}
    </div>
  );
};
