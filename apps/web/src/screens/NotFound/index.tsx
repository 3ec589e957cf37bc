import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';

/** Spec §2: any other path is a plain page reading 'Error 404'. */
const NotFoundScreen = () => {
  const { t } = useTranslation();
  useDocumentTitle(documentTitle(t('error404')));
  return (
    <div data-screen="not_found">
      <h1 className="text-2xl font-semibold text-slate-800">{t('error404')}</h1>
    </div>
  );
};

export default NotFoundScreen;
