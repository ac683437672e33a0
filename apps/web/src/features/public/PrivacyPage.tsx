import { TextPage } from './TextPage';

export default function PrivacyPage() {
  return <TextPage page="privacy" sections={4} />;
}
