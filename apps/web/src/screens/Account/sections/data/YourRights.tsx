import '../../texts';
import { DATA_REQUEST_RESPONSE_DAYS, routePath } from '@hub/core';
import { Trans } from 'react-i18next';
import { TextLink } from '../../../../components/TextLink';
import { usePlatform } from '../../../../hooks/use-platform';
import { useAccountWords } from '../../account-words';
import { SubHeading } from '../list-parts';

/**
 * Spec §1, the Data Policy: a person may access, correct, erase their data and withdraw consent,
 * and gets an answer within 21 days. Where each is done in the account center.
 */
export const YourRights = () => {
  const platform = usePlatform();
  const { t } = useAccountWords();
  const at = (id: 'account' | 'account_access') => routePath(id, platform ? { platform } : {});
  const b = <span className="font-medium text-slate-900" />;
  return (
    <section aria-labelledby="rights-heading">
      <SubHeading id="rights-heading">{t('account.rights.title')}</SubHeading>
      <p className="mt-1 text-sm text-slate-600">{t('account.rights.intro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <Trans ns="account" i18nKey="account.rights.access" components={{ b }} />
        </li>
        <li>
          <Trans
            ns="account"
            i18nKey="account.rights.correct"
            components={{ b, profile: <TextLink to={at('account')}>{null}</TextLink> }}
          />
        </li>
        <li>
          <Trans ns="account" i18nKey="account.rights.erase" components={{ b }} />
        </li>
        <li>
          <Trans
            ns="account"
            i18nKey="account.rights.withdraw"
            components={{ b, access: <TextLink to={at('account_access')}>{null}</TextLink> }}
          />
        </li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        <Trans
          ns="account"
          i18nKey="account.rights.more"
          values={{ days: DATA_REQUEST_RESPONSE_DAYS }}
          components={{ policy: <TextLink to={routePath('privacy')}>{null}</TextLink> }}
        />
      </p>
    </section>
  );
};
