import { type Platform, platformProductNames } from '@hub/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';
import type { ScreenId } from '../../screens/screen-id';
import { Logo } from '../Logo';
import { Spinner } from '../Spinner';

interface CentredLoaderProps {
  screen: ScreenId;
  title: string;
  platform: Platform;
  /** False once loading has stopped (e.g. failed): the logo stays, the spinner goes. */
  busy?: boolean;
  children?: ReactNode;
}

/** Spec §2: while no account data has been decoded, a centred logo and spinner. */
export const CentredLoader = ({ screen, title, platform, busy = true, children }: CentredLoaderProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  useDocumentTitle(documentTitle(title, platformProductNames[platform]));
  return (
    <section
      data-screen={screen}
      aria-busy={busy}
      aria-labelledby={headingId}
      className="flex w-full flex-1 flex-col items-center justify-center gap-6 py-16"
    >
      {/* Every screen has one h1: here it names the screen for screen readers, as the spec's screen shows only the logo. */}
      <h1 id={headingId} className="sr-only">
        {title}
      </h1>
      <Logo size={56} />
      {busy && <Spinner label={t('loading')} size="lg" />}
      {children}
    </section>
  );
};
