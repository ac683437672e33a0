import { Wizard } from './Wizard';
import { WithWizardSession } from './WizardPages';

/** `wizard/step`: the step the owner is on, kept on the server. */
export default function WizardStepPage() {
  return <WithWizardSession>{(init) => <Wizard init={init} />}</WithWizardSession>;
}
