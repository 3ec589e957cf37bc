import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../lib/brand';
import { Logo } from './Logo';
import { Spinner } from './Spinner';

/** Spec §2 "Startup": the loading logo shown for the first second, before any route renders. */
export const StartupLoader = () => {
  const { t } = useTranslation();
  return (
    <div
      data-testid="startup-loader"
      role="status"
      aria-label={t('loadingProduct', { product: PRODUCT_NAME })}
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-linear-to-b from-primary-50 to-slate-50"
    >
      <Logo size={64} className="animate-pulse motion-reduce:animate-none" />
      <Spinner />
    </div>
  );
};
