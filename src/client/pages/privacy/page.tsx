import { LegalDocument } from '../../features/legal/LegalDocument';
import { PRIVACY_POLICY } from '../../features/legal/privacy-policy';

export default function PrivacyPolicy() {
  return <LegalDocument text={PRIVACY_POLICY} />;
}
