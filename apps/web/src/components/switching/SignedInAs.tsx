import { Trans } from 'react-i18next';

/** Option2 and option3: which account the screen works on (the signed-in one). */
export const SignedInAs = ({ account }: { account: string }) => (
  <p className="mb-5 min-w-0 truncate text-sm text-slate-600">
    {/* The account is the element's own child, never parsed as part of the translation. */}
    <Trans
      i18nKey="switching.signedInAs"
      components={{
        account: (
          <strong data-testid="signed-in-account" className="font-semibold text-slate-900" title={account}>
            {account}
          </strong>
        ),
      }}
    />
  </p>
);
