import { useTranslation } from 'react-i18next';
import type { Problem } from '../../hooks/use-api-problem';
import { Banner } from '../Banner';

/** A failure without a field: a top-centre error banner with 'Try again' (never silent). */
export const ProblemBanner = ({
  problem,
  onDismiss,
}: {
  problem: Problem | null;
  onDismiss?: () => void;
}) => {
  const { t } = useTranslation();
  return (
    problem && (
      <Banner
        variant="error"
        action={{ label: t('tryAgain'), onClick: problem.tryAgain }}
        onDismiss={onDismiss}
      >
        {problem.message}
      </Banner>
    )
  );
};
