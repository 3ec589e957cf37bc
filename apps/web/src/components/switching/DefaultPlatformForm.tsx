import { type FlowContext, type Platform, platformProductNames } from '@hub/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseDefaultPlatform, type DefaultPlatformState } from '../../api/switching';
import { useApiProblem } from '../../hooks/use-api-problem';
import { useGoTo } from '../../hooks/use-go-to';
import { useStableCallback } from '../../hooks/use-stable-callback';
import { ProblemBanner } from '../auth/ProblemBanner';
import { SubmitButton } from '../auth/SubmitButton';
import { Form } from '../Form';
import { PlatformChoice } from './PlatformChoice';

interface DefaultPlatformFormProps {
  account: DefaultPlatformState;
  context: FlowContext | undefined;
}

const currentDefault = (account: DefaultPlatformState): Platform | undefined =>
  account.platforms.find((membership) => membership.isDefault)?.platform;

/**
 * Option3: the signed-in account picks its default platform; 'Continue' starts the choice on the
 * server, which answers the finalize screen where the password confirms it.
 */
export const DefaultPlatformForm = ({ account, context }: DefaultPlatformFormProps) => {
  const { t } = useTranslation();
  const initial = currentDefault(account) ?? account.platforms[0]?.platform ?? 'psl';
  const [selected, setSelected] = useState<Platform>(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { problem, dismiss, show } = useApiProblem();
  const goTo = useGoTo();

  const select = (platform: Platform) => {
    setSelected(platform);
    setError(undefined);
  };

  const submit = useStableCallback(async () => {
    if (busy) return;
    dismiss();
    if (selected === currentDefault(account)) {
      setError(t('switching3.alreadyDefault', { platform: platformProductNames[selected] }));
      return;
    }
    setBusy(true);
    const result = await chooseDefaultPlatform({ platform: selected, ...(context ? { context } : {}) });
    if (result.ok) {
      goTo(result.data.location);
      return;
    }
    setBusy(false);
    show(result.error, { platform: setError }, { retry: submit });
  });

  return (
    <Form onSubmit={submit} className="flex flex-col gap-5">
      <PlatformChoice
        platforms={account.platforms}
        selected={selected}
        onSelect={select}
        error={error}
        disabled={busy}
      />
      <SubmitButton label={t('switching3.continue')} busy={busy} />
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </Form>
  );
};
