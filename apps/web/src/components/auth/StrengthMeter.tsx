import { strengthMeter } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names';

const tones = {
  danger: { bar: 'bg-red-600', text: 'text-red-700' },
  warning: { bar: 'bg-amber-500', text: 'text-amber-800' },
  success: { bar: 'bg-business-600', text: 'text-business-700' },
} as const;

/**
 * Spec §4 "Password strength": none at 5; 'Poor' red at 35%; 'Average' warning colour at 65%;
 * 'Strong' green at 100% (core strengthMeter). The width is a style property, which the CSP allows.
 */
export const StrengthMeter = ({ score }: { score: number }) => {
  const { t } = useTranslation();
  const meter = strengthMeter(score);
  if (!meter) return null;
  const tone = tones[meter.tone];
  return (
    <div data-testid="strength-meter" data-strength={meter.label} className="flex items-center gap-3">
      <div aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200">
        <div
          data-testid="strength-bar"
          className={cx('h-full rounded-full transition-[width] duration-300', tone.bar)}
          style={{ width: meter.width }}
        />
      </div>
      <p className={cx('w-16 text-right text-xs font-semibold', tone.text)}>
        <span className="sr-only">{t('password.strength')}</span>
        {t(`strength.${meter.label}`)}
      </p>
    </div>
  );
};
