import { TextPage } from './TextPage';

export default function TermsPage() {
  return <TextPage page="terms" sections={4} />;
}
