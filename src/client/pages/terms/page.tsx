import { LegalDocument } from '../../features/legal/LegalDocument';
import { TERMS_OF_SERVICE } from '../../features/legal/terms-of-service';

export default function TermsOfService() {
  return <LegalDocument text={TERMS_OF_SERVICE} />;
}
