import { useState, type ReactNode } from 'react';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';
import { Accordion, AccordionItem } from '../../ui/accordion/accordion.js';
import { Alert } from '../../ui/alert/alert.js';
import { Button } from '../../ui/button/button.js';
import { Checkbox } from '../../ui/checkbox/checkbox.js';
import { Combobox, type TComboboxOption } from '../../ui/combobox/combobox.js';
import { CopyButton } from '../../ui/copy-button/copy-button.js';
import { FileUploader } from '../../ui/file-uploader/file-uploader.js';
import { useLiveRegion } from '../../ui/live-region/live-region.js';
import { Modal } from '../../ui/modal/modal.js';
import { NumericField } from '../../ui/numeric-field/numeric-field.js';
import { Progress } from '../../ui/progress/progress.js';
import { QrCode } from '../../ui/qr-code/qr-code.js';
import { RadioGroup } from '../../ui/radio-group/radio-group.js';
import { Select } from '../../ui/select/select.js';
import { Slider } from '../../ui/slider/slider.js';
import { Stepper } from '../../ui/stepper/stepper.js';
import { TextField } from '../../ui/text-field/text-field.js';
import { createToastQueue, type TToastContent } from '../../ui/toast/toast-queue.js';
import { ToastRegion } from '../../ui/toast/toast-region.js';

export const handle: TRouteHandle = { title: 'UI kit' };

const SECTIONS = [
  { id: 'buttons', title: 'Buttons' },
  { id: 'text-fields', title: 'Text fields' },
  { id: 'numeric-fields', title: 'Numeric fields' },
  { id: 'selects', title: 'Selects' },
  { id: 'comboboxes', title: 'Comboboxes' },
  { id: 'checkboxes', title: 'Checkboxes' },
  { id: 'radio-groups', title: 'Radio groups' },
  { id: 'sliders', title: 'Sliders' },
  { id: 'modal', title: 'Modal' },
  { id: 'accordion', title: 'Accordion' },
  { id: 'toasts', title: 'Toasts' },
  { id: 'stepper', title: 'Stepper' },
  { id: 'file-uploaders', title: 'File uploaders' },
  { id: 'alerts', title: 'Alerts' },
  { id: 'progress', title: 'Progress' },
  { id: 'copy-buttons', title: 'Copy buttons' },
  { id: 'qr-codes', title: 'QR codes' },
  { id: 'live-region', title: 'Live region' },
] as const;

type TSectionId = (typeof SECTIONS)[number]['id'];

const COLLATERAL_OPTIONS = [
  { value: 'BTC', label: 'Bitcoin' },
  { value: 'ETH', label: 'Ethereum' },
  { value: 'SOL', label: 'Solana', isDisabled: true },
];

const STATE_OPTIONS: TComboboxOption[] = [
  { id: 'CA', label: 'California' },
  { id: 'CO', label: 'Colorado' },
  { id: 'FL', label: 'Florida' },
  { id: 'NY', label: 'New York' },
  { id: 'OH', label: 'Ohio' },
  { id: 'WA', label: 'Washington' },
];

const RESIDENCY_OPTIONS = [
  { value: 'UNITED_STATES', label: 'United States' },
  { value: 'INTERNATIONAL', label: 'International', description: 'Paid out in USDC' },
];

const WALLET_TYPE_OPTIONS = [
  { value: 'CUSTODIAL', label: 'Custodial' },
  { value: 'SELF_HOSTED', label: 'Self-hosted' },
];

const TRACKER_STEPS = [
  'Application Complete',
  'Collateral Received',
  'Disbursement Verified',
  'Funds Disbursed',
];

const ID_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'];

const SAMPLE_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

const TOAST_SAMPLES: TToastContent[] = [
  { title: 'Offer saved', variant: 'success' },
  { title: 'Prices updated', description: 'Rates follow the latest coin prices.', variant: 'info' },
  { title: 'Collateral pending', description: 'Waiting for 2 confirmations.', variant: 'warn' },
  { title: 'Upload failed', description: 'Try again in a moment.', variant: 'error' },
];

function sampleFile(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function KitSection({
  id,
  title,
  children,
}: {
  id: TSectionId;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="ui-kit__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ui-kit__demo">
      <h3 className="ui-kit__demo-title">{title}</h3>
      {children}
    </div>
  );
}

function ButtonsSection() {
  return (
    <KitSection id="buttons" title="Buttons">
      <div className="ui-kit__grid">
        <Demo title="Primary">
          <div className="ui-kit__stack">
            <Button>Continue</Button>
            <Button disabled>Continue (disabled)</Button>
            <Button isLoading>Submitting</Button>
          </div>
        </Demo>
        <Demo title="Secondary">
          <div className="ui-kit__stack">
            <Button variant="secondary">Back</Button>
            <Button variant="secondary" disabled>
              Back (disabled)
            </Button>
            <Button variant="secondary" isLoading>
              Saving
            </Button>
          </div>
        </Demo>
        <Demo title="Link">
          <div className="ui-kit__stack">
            <Button variant="link">Learn more</Button>
            <Button variant="link" disabled>
              Learn more (disabled)
            </Button>
            <Button variant="link" isLoading>
              Loading more
            </Button>
          </div>
        </Demo>
      </div>
    </KitSection>
  );
}

function TextFieldsSection() {
  const [firstName, setFirstName] = useState('');
  return (
    <KitSection id="text-fields" title="Text fields">
      <div className="ui-kit__grid">
        <Demo title="Default">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </Demo>
        <Demo title="With a hint">
          <TextField label="Wallet address" description="Up to 44 characters." />
        </Demo>
        <Demo title="Required">
          <TextField label="Last name" autoComplete="family-name" isRequired />
        </Demo>
        <Demo title="Invalid">
          <TextField
            label="Routing number"
            defaultValue="123456789"
            isRequired
            error="Invalid routing number"
          />
        </Demo>
        <Demo title="Disabled">
          <TextField label="Email" defaultValue="borrower@example.com" isDisabled />
        </Demo>
        <Demo title="Read-only">
          <TextField label="Loan ID" defaultValue="CEL-2041-7788" isReadOnly />
        </Demo>
      </div>
    </KitSection>
  );
}

function NumericFieldsSection() {
  const [cash, setCash] = useState('20,000');
  const [coins, setCoins] = useState('0.5');
  return (
    <KitSection id="numeric-fields" title="Numeric fields">
      <p>
        At most 6 decimals; commas only in cash amounts. A refused keystroke is announced to screen
        readers.
      </p>
      <div className="ui-kit__grid">
        <Demo title="Cash (commas allowed)">
          <NumericField
            label="Cash to borrow (USD)"
            prefix="$"
            allowCommas
            maxDecimals={2}
            value={cash}
            onValueChange={setCash}
          />
        </Demo>
        <Demo title="Coin quantity">
          <NumericField
            label="Collateral amount (BTC)"
            suffix="BTC"
            isRequired
            value={coins}
            onValueChange={setCoins}
          />
        </Demo>
        <Demo title="Invalid">
          <NumericField
            label="Cash to borrow (USD)"
            prefix="$"
            allowCommas
            defaultValue="1,000"
            error="Amount minimum is $5,000"
          />
        </Demo>
        <Demo title="Disabled">
          <NumericField label="Collateral amount (ETH)" suffix="ETH" defaultValue="2" isDisabled />
        </Demo>
        <Demo title="Read-only">
          <NumericField
            label="Cash to borrow (USD)"
            prefix="$"
            allowCommas
            defaultValue="25,000"
            isReadOnly
            description="No new funds will be disbursed"
          />
        </Demo>
      </div>
    </KitSection>
  );
}

function SelectsSection() {
  const [collateral, setCollateral] = useState('');
  return (
    <KitSection id="selects" title="Selects">
      <div className="ui-kit__grid">
        <Demo title="Default">
          <Select
            label="Collateral type"
            placeholder="Select a coin"
            options={COLLATERAL_OPTIONS}
            value={collateral}
            onValueChange={setCollateral}
          />
        </Demo>
        <Demo title="Selected">
          <Select label="Collateral type" options={COLLATERAL_OPTIONS} defaultValue="ETH" />
        </Demo>
        <Demo title="Required and invalid">
          <Select
            label="State"
            placeholder="Select a state"
            options={STATE_OPTIONS.map((state) => ({ value: state.id, label: state.label }))}
            defaultValue=""
            isRequired
            error="Please select an option"
          />
        </Demo>
        <Demo title="Disabled">
          <Select label="Collateral type" options={COLLATERAL_OPTIONS} isDisabled />
        </Demo>
        <Demo title="Read-only">
          <Select
            label="Collateral type"
            options={COLLATERAL_OPTIONS}
            value="BTC"
            name="collateralType"
            isReadOnly
            description="The collateral type of a renewal cannot change."
          />
        </Demo>
      </div>
    </KitSection>
  );
}

function ComboboxesSection() {
  const [stateId, setStateId] = useState<string | null>(null);
  return (
    <KitSection id="comboboxes" title="Comboboxes">
      <div className="ui-kit__grid">
        <Demo title="Filtered as you type">
          <Combobox
            label="State"
            options={STATE_OPTIONS}
            selectedId={stateId}
            onSelectionChange={setStateId}
            description="Type to filter, or open the list."
          />
        </Demo>
        <Demo title="Selected">
          <Combobox label="State" options={STATE_OPTIONS} defaultSelectedId="NY" />
        </Demo>
        <Demo title="Loading suggestions">
          <Combobox
            label="Home address"
            options={[]}
            filtering="server"
            allowsCustomValue
            isLoading
            isRequired
          />
        </Demo>
        <Demo title="Invalid">
          <Combobox
            label="State"
            options={STATE_OPTIONS}
            isRequired
            error="Please select an option"
          />
        </Demo>
        <Demo title="Disabled">
          <Combobox label="State" options={STATE_OPTIONS} defaultSelectedId="OH" isDisabled />
        </Demo>
        <Demo title="Read-only">
          <Combobox label="State" options={STATE_OPTIONS} defaultSelectedId="CA" isReadOnly />
        </Demo>
      </div>
    </KitSection>
  );
}

function CheckboxesSection() {
  const [hasSent, setHasSent] = useState(false);
  return (
    <KitSection id="checkboxes" title="Checkboxes">
      <div className="ui-kit__grid">
        <Demo title="Default">
          <Checkbox
            label="I have sent the required amount of collateral"
            checked={hasSent}
            onCheckedChange={setHasSent}
          />
        </Demo>
        <Demo title="Selected">
          <Checkbox label="Send me product updates" defaultChecked />
        </Demo>
        <Demo title="Required and invalid">
          <Checkbox
            label="I have sent the required amount of collateral"
            isRequired
            error="Required"
          />
        </Demo>
        <Demo title="With a hint">
          <Checkbox label="Stabilization" description="Moves the liquidation trigger to 85% LTV." />
        </Demo>
        <Demo title="Disabled">
          <Checkbox label="Send me product updates" isDisabled />
        </Demo>
        <Demo title="Read-only">
          <Checkbox label="I agree to the terms" defaultChecked isReadOnly />
        </Demo>
      </div>
    </KitSection>
  );
}

function RadioGroupsSection() {
  const [residency, setResidency] = useState<string | undefined>(undefined);
  return (
    <KitSection id="radio-groups" title="Radio groups">
      <div className="ui-kit__grid">
        <Demo title="Default">
          <RadioGroup
            label="Where do you reside?"
            name="kit-residency"
            options={RESIDENCY_OPTIONS}
            value={residency}
            onValueChange={setResidency}
          />
        </Demo>
        <Demo title="Selected">
          <RadioGroup
            label="Wallet type"
            name="kit-wallet-selected"
            options={WALLET_TYPE_OPTIONS}
            defaultValue="CUSTODIAL"
          />
        </Demo>
        <Demo title="Required and invalid">
          <RadioGroup
            label="Wallet type"
            name="kit-wallet-invalid"
            options={WALLET_TYPE_OPTIONS}
            isRequired
            error="Please select an option"
          />
        </Demo>
        <Demo title="Disabled">
          <RadioGroup
            label="Wallet type"
            name="kit-wallet-disabled"
            options={WALLET_TYPE_OPTIONS}
            defaultValue="SELF_HOSTED"
            isDisabled
          />
        </Demo>
        <Demo title="Read-only">
          <RadioGroup
            label="Wallet type"
            name="kit-wallet-read-only"
            options={WALLET_TYPE_OPTIONS}
            defaultValue="CUSTODIAL"
            isReadOnly
          />
        </Demo>
      </div>
    </KitSection>
  );
}

function SlidersSection() {
  const [cash, setCash] = useState(20000);
  return (
    <KitSection id="sliders" title="Sliders">
      <div className="ui-kit__grid">
        <Demo title="Defaults (0 to 100)">
          <Slider label="Amount" defaultValue={40} />
        </Demo>
        <Demo title="Only a minimum (minimum + 100)">
          <Slider label="Amount" min={5000} />
        </Demo>
        <Demo title="Cash to borrow">
          <Slider
            label="Cash to borrow"
            min={5000}
            max={2000000}
            step={1000}
            value={cash}
            onValueChange={setCash}
          />
        </Demo>
        <Demo title="Invalid">
          <Slider
            label="Cash to borrow"
            min={5000}
            max={100000}
            step={1000}
            defaultValue={100000}
            error="Additional collateral is required to be eligible for an offer at the current cash to borrow amount."
          />
        </Demo>
        <Demo title="Disabled">
          <Slider label="Cash to borrow" min={5000} max={100000} defaultValue={30000} isDisabled />
        </Demo>
        <Demo title="Read-only">
          <Slider label="Cash to borrow" min={5000} max={100000} value={25000} isReadOnly />
        </Demo>
      </div>
    </KitSection>
  );
}

function ModalSection() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <KitSection id="modal" title="Modal">
      <Button variant="secondary" isFullWidth={false} onClick={() => setIsOpen(true)}>
        Open modal
      </Button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Please confirm info"
        description="Check the account before the loan is paid into it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Edit
            </Button>
            <Button onClick={() => setIsOpen(false)}>Confirm</Button>
          </>
        }
      >
        <dl className="ui-kit__details">
          <dt>Account number</dt>
          <dd>•••• 6789</dd>
          <dt>Routing number</dt>
          <dd>011000015</dd>
          <dt>Full legal name</dt>
          <dd>Alex Morgan</dd>
        </dl>
      </Modal>
    </KitSection>
  );
}

function AccordionSection() {
  return (
    <KitSection id="accordion" title="Accordion">
      <Accordion>
        <AccordionItem title="What is LTV?" defaultOpen>
          <p>Loan-to-value: the loan amount divided by the value of the collateral.</p>
        </AccordionItem>
        <AccordionItem title="Is there a prepayment penalty?">
          <p>No. The loan can be paid off at any time.</p>
        </AccordionItem>
        <AccordionItem title="How long does funding take?">
          <p>ACH funds arrive in 3-5 business days.</p>
        </AccordionItem>
      </Accordion>
    </KitSection>
  );
}

function ToastsSection() {
  const [queue] = useState(createToastQueue);
  return (
    <KitSection id="toasts" title="Toasts">
      <p>At most 5 are visible; the others wait their turn. F6 moves focus to them.</p>
      <div className="ui-kit__row">
        {TOAST_SAMPLES.map((toast) => (
          <Button
            key={toast.title}
            variant="secondary"
            isFullWidth={false}
            onClick={() => queue.add(toast)}
          >
            {`Show "${toast.title}"`}
          </Button>
        ))}
        <Button
          variant="secondary"
          isFullWidth={false}
          onClick={() => {
            for (let index = 1; index <= 7; index += 1) queue.add({ title: `Message ${index}` });
          }}
        >
          Show 7 toasts
        </Button>
      </div>
      <ToastRegion queue={queue} label="UI kit notifications" />
    </KitSection>
  );
}

function StepperSection() {
  return (
    <KitSection id="stepper" title="Stepper">
      <Demo title="First step">
        <Stepper label="Loan progress, first step" steps={TRACKER_STEPS} currentIndex={0} />
      </Demo>
      <Demo title="Third step of four">
        <Stepper label="Loan progress, third step" steps={TRACKER_STEPS} currentIndex={2} />
      </Demo>
      <Demo title="Last step">
        <Stepper label="Loan progress, last step" steps={TRACKER_STEPS} currentIndex={3} />
      </Demo>
      <Demo title="All complete">
        <Stepper
          label="Loan progress, complete"
          steps={TRACKER_STEPS}
          currentIndex={TRACKER_STEPS.length}
        />
      </Demo>
    </KitSection>
  );
}

function FileUploadersSection() {
  const [files, setFiles] = useState<File[]>([]);
  const [samples] = useState(() => ({
    front: sampleFile('drivers-license-front.png', 'image/png', 482_133),
    passport: sampleFile('passport.pdf', 'application/pdf', 1_250_000),
    bill: sampleFile('utility-bill.jpeg', 'image/jpeg', 230_400),
  }));
  return (
    <KitSection id="file-uploaders" title="File uploaders">
      <div className="ui-kit__grid">
        <Demo title="Required (selecting)">
          <FileUploader
            label="Photo of your ID"
            accept={ID_MIME_TYPES}
            files={files}
            onFilesChange={setFiles}
          />
        </Demo>
        <Demo title="File chosen">
          <FileUploader
            label="Photo of your ID"
            accept={ID_MIME_TYPES}
            files={[samples.front]}
            onFilesChange={() => undefined}
          />
        </Demo>
        <Demo title="Uploading">
          <FileUploader
            label="Passport"
            accept={ID_MIME_TYPES}
            files={[samples.passport]}
            onFilesChange={() => undefined}
            status="uploading"
          />
        </Demo>
        <Demo title="Uploaded">
          <FileUploader
            label="Additional documents"
            accept={ID_MIME_TYPES}
            isMultiple
            files={[samples.passport, samples.bill]}
            onFilesChange={() => undefined}
            status="uploaded"
          />
        </Demo>
        <Demo title="Invalid">
          <FileUploader
            label="Photo of your ID"
            accept={ID_MIME_TYPES}
            files={[]}
            onFilesChange={() => undefined}
            error="An ID must be uploaded"
          />
        </Demo>
        <Demo title="Optional and disabled">
          <FileUploader
            label="Additional document"
            accept={ID_MIME_TYPES}
            files={[]}
            onFilesChange={() => undefined}
            isRequired={false}
            isDisabled
          />
        </Demo>
      </div>
    </KitSection>
  );
}

function AlertsSection() {
  const [isDismissed, setIsDismissed] = useState(false);
  return (
    <KitSection id="alerts" title="Alerts">
      <Alert variant="info" title="Rates are fixed">
        <p>Both rate tiers are fixed for the 12-month term.</p>
      </Alert>
      <Alert variant="warn">
        <p>
          This collateral amount is higher than what other borrowers typically pledge for similar
          sized loans.
        </p>
      </Alert>
      <Alert variant="error" title="Unable to load documents">
        <p>Unable to load documents. Please try again later</p>
      </Alert>
      <Alert variant="success" isLive>
        <p>Your documents are signed.</p>
      </Alert>
      {isDismissed ? (
        <Button variant="link" onClick={() => setIsDismissed(false)}>
          Show the dismissable alert again
        </Button>
      ) : (
        <Alert variant="info" onDismiss={() => setIsDismissed(true)}>
          <p>A dismissable banner.</p>
        </Alert>
      )}
    </KitSection>
  );
}

function ProgressSection() {
  return (
    <KitSection id="progress" title="Progress">
      <div className="ui-kit__grid">
        <Progress label="Not started" value={0} max={100} />
        <Progress label="Upload" value={45} max={100} />
        <Progress label="Documents signed" value={3} max={4} />
        <Progress label="Checking the deposit" />
      </div>
    </KitSection>
  );
}

function CopyButtonsSection() {
  return (
    <KitSection id="copy-buttons" title="Copy buttons">
      <p className="ui-kit__mono">{SAMPLE_ADDRESS}</p>
      <div className="ui-kit__row">
        <CopyButton text={SAMPLE_ADDRESS} what="deposit address" />
        <CopyButton text={SAMPLE_ADDRESS} what="deposit address" variant="link" />
        <CopyButton text={SAMPLE_ADDRESS} what="deposit address" isDisabled />
      </div>
    </KitSection>
  );
}

function QrCodesSection() {
  // Longer than any QR code can hold, so the failure texts can be seen.
  const [tooLong] = useState(() => SAMPLE_ADDRESS.repeat(100));
  return (
    <KitSection id="qr-codes" title="QR codes">
      <div className="ui-kit__grid">
        <Demo title="Deposit address">
          <QrCode value={`bitcoin:${SAMPLE_ADDRESS}`} alt="QR code of the deposit address" />
        </Demo>
        <Demo title="Failed, borrower flow">
          <QrCode value={tooLong} alt="QR code" />
        </Demo>
        <Demo title="Failed, refinancing">
          <QrCode value={tooLong} alt="QR code" failureVariant="refinancing" />
        </Demo>
      </div>
    </KitSection>
  );
}

function LiveRegionSection() {
  const { announce, liveRegion } = useLiveRegion();
  return (
    <KitSection id="live-region" title="Live region">
      <p>Screen readers hear the message; it is cleared 300 ms later.</p>
      <Button variant="secondary" isFullWidth={false} onClick={() => announce('Offer updated')}>
        Announce “Offer updated”
      </Button>
      {liveRegion}
    </KitSection>
  );
}

/** Every design-system component in every state, for review (operations only). */
export function OpsUiKitPage() {
  return (
    <div className="ui-kit">
      <PageHeading>UI kit</PageHeading>
      <nav className="ui-kit__toc" aria-label="Components">
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ButtonsSection />
      <TextFieldsSection />
      <NumericFieldsSection />
      <SelectsSection />
      <ComboboxesSection />
      <CheckboxesSection />
      <RadioGroupsSection />
      <SlidersSection />
      <ModalSection />
      <AccordionSection />
      <ToastsSection />
      <StepperSection />
      <FileUploadersSection />
      <AlertsSection />
      <ProgressSection />
      <CopyButtonsSection />
      <QrCodesSection />
      <LiveRegionSection />
    </div>
  );
}

export { OpsUiKitPage as Component };
