import { type Platform, platformProductNames } from '@hub/core';
import { type ReactNode, useId } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { documentTitle } from '../lib/brand';
import type { ScreenId } from '../screens/screen-id';
import { ChallengeStatus } from './auth/ChallengeStatus';
import { Card } from './Card';
import { Logo } from './Logo';
import { PlatformBadge } from './PlatformBadge';

interface ScreenFrameProps {
  /** Written to `data-screen` so browser tests can tell which screen is shown. */
  screen: ScreenId;
  title: string;
  platform?: Platform | undefined;
  description?: ReactNode;
  /** Shown above the heading in place of the platform badge (e.g. a tenant's logo). */
  logo?: ReactNode;
  children?: ReactNode;
}

/** The standard form screen: a centred card with the platform, the screen's heading and its content. */
export const ScreenFrame = ({ screen, title, platform, description, logo, children }: ScreenFrameProps) => {
  const headingId = useId();
  useDocumentTitle(documentTitle(title, platform && platformProductNames[platform]));
  return (
    <section
      data-screen={screen}
      aria-labelledby={headingId}
      className="group/frame flex w-full justify-center"
    >
      <Card>
        {/* The compact mobile header shows only the tabs, so the card names the product there
            (not twice: the Personal or Business logo of the set-up screens is already the hub's mark). */}
        <div
          data-testid="card-product-mark"
          className="mb-4 group-has-[[data-testid=platform-logo]]/frame:hidden tablet:hidden"
        >
          <Logo size={28} withWordmark />
        </div>
        {logo ?? (platform && <PlatformBadge platform={platform} />)}
        <h1 id={headingId} className="mt-3 text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {description && <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>}
        {children && <div className="mt-6">{children}</div>}
        <ChallengeStatus />
      </Card>
    </section>
  );
};
