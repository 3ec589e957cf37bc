import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';

/**
 * Spec §2, §4 SSO handler: while it decides where a partner tool's request goes it shows only a
 * logo and the loading animation. (The redirect decision comes with the SSO flow.)
 */
const title = 'Signing you in';

const SsoRqxScreen = () => {
  useDocumentTitle(documentTitle(title));
  return (
    <div data-screen="sso_rqx" className="flex flex-col items-center gap-6">
      <h1 className="sr-only">{title}</h1>
      <Logo size={64} />
      <Spinner label={title} size="lg" />
    </div>
  );
};

export default SsoRqxScreen;
