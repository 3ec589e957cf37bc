import { DATA_REQUEST_RESPONSE_DAYS, routePath } from '@hub/core';
import { TextLink } from '../../../../components/TextLink';
import { usePlatform } from '../../../../hooks/use-platform';
import { SubHeading } from '../list-parts';

/**
 * Spec §1, the Data Policy: a person may access, correct, erase their data and withdraw consent,
 * and gets an answer within 21 days. Where each is done in the account center.
 */
export const YourRights = () => {
  const platform = usePlatform();
  const at = (id: 'account' | 'account_access') => routePath(id, platform ? { platform } : {});
  return (
    <section aria-labelledby="rights-heading">
      <SubHeading id="rights-heading">Your rights</SubHeading>
      <p className="mt-1 text-sm text-slate-600">Under our Data Policy and the Data Privacy Act, you can:</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <span className="font-medium text-slate-900">access</span> your data: download it on this page;
        </li>
        <li>
          <span className="font-medium text-slate-900">correct</span> it on your{' '}
          <TextLink to={at('account')}>Profile</TextLink>
          {';'}
        </li>
        <li>
          <span className="font-medium text-slate-900">erase</span> it: delete your account on this page;
        </li>
        <li>
          <span className="font-medium text-slate-900">withdraw your consent</span> from a tool or an app:
          remove its access on <TextLink to={at('account_access')}>Platforms &amp; tools</TextLink>.
        </li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        For anything else, write to us as the <TextLink to={routePath('privacy')}>Data Policy</TextLink> says.
        We answer every request within {DATA_REQUEST_RESPONSE_DAYS} days.
      </p>
    </section>
  );
};
