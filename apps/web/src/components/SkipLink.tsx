import { useTranslation } from 'react-i18next';
/** Lets keyboard users jump past the header; visible only when focused. */
export const SkipLink = () => {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
    >
      {t('skipToContent')}
    </a>
  );
};
