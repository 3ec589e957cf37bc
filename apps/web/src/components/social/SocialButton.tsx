import type { SocialProvider } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { FacebookMark, GoogleMark } from './marks';

interface SocialButtonProps {
  provider: SocialProvider;
  /** The hub's start URL: a plain navigation, the hub then sends the browser to the provider. */
  href: string;
  /** Spec §3 third-party sign-in state: the message (msg) shown under the button when stat is set. */
  error?: string | undefined;
}

const looks: Record<SocialProvider, string> = {
  // Google: white button, grey outline, the four-colour mark, 'Sign in with Google'.
  google: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  // Facebook: Facebook blue, the white 'f' mark, 'Continue with Facebook'.
  facebook: 'border border-[#0866FF] bg-[#0866FF] text-white hover:bg-[#0757D9]',
};

/** A provider's sign-in button with its own wording and mark, and its error (if any) beneath it. */
export const SocialButton = ({ provider, href, error }: SocialButtonProps) => {
  const { t } = useTranslation();
  const errorId = `social-${provider}-error`;
  return (
    <div className="flex flex-col gap-1" data-provider={provider}>
      <a
        href={href}
        aria-describedby={error ? errorId : undefined}
        className={`flex h-11 items-center justify-center gap-3 rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${looks[provider]}`}
      >
        {provider === 'google' ? <GoogleMark /> : <FacebookMark />}
        <span>{t(`social.${provider}`)}</span>
      </a>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
};

export const GoogleButton = (props: Omit<SocialButtonProps, 'provider'>) => (
  <SocialButton provider="google" {...props} />
);
export const FacebookButton = (props: Omit<SocialButtonProps, 'provider'>) => (
  <SocialButton provider="facebook" {...props} />
);
