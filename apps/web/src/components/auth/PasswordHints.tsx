import { passwordHints, scorePassword } from '@hub/core';
import { useTranslation } from 'react-i18next';

/** Spec §5 "Hints": the rules the password does not meet yet; met rules are hidden. */
export const PasswordHints = ({ id, password }: { id: string; password: string }) => {
  const { t } = useTranslation();
  const { unmet } = scorePassword(password);
  const hints = passwordHints.filter((hint) => unmet.includes(hint.criterion));
  return (
    <div id={id} className="text-sm text-slate-600 empty:hidden">
      {hints.length > 0 && (
        <>
          <p className="sr-only">{t('password.stillNeeds')}</p>
          <ul className="flex flex-wrap gap-x-2 gap-y-1.5" data-testid="password-hints">
            {hints.map((hint) => (
              <li
                key={hint.criterion}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700"
              >
                {t(`hint.${hint.criterion}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
};
