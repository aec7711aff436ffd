import { LoginPrompt } from '../components/LoginPrompt';

export default function Page() {
  return <LoginPrompt />;
}
