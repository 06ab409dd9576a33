import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';
import { Accordion, AccordionItem } from '../../ui/accordion/accordion.js';
import { Alert } from '../../ui/alert/alert.js';
import { Button } from '../../ui/button/button.js';
import { Checkbox } from '../../ui/checkbox/checkbox.js';
import { Combobox } from '../../ui/combobox/combobox.js';
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
import { createToastQueue } from '../../ui/toast/toast-queue.js';
import { ToastRegion } from '../../ui/toast/toast-region.js';
import {
  ACCORDION_EXAMPLES,
  ALERT_EXAMPLES,
  BUTTON_EXAMPLES,
  CHECKBOX_EXAMPLES,
  COMBOBOX_EXAMPLES,
  COPY_BUTTON_EXAMPLES,
  FILE_UPLOADER_EXAMPLES,
  NUMERIC_FIELD_EXAMPLES,
  PROGRESS_EXAMPLES,
  QR_CODE_EXAMPLES,
  RADIO_GROUP_EXAMPLES,
  SAMPLE_ADDRESS,
  SELECT_EXAMPLES,
  SLIDER_EXAMPLES,
  STEPPER_EXAMPLES,
  TEXT_FIELD_EXAMPLES,
  TOAST_EXAMPLES,
  type TButtonStates,
  type TExample,
  type TFileUploaderExample,
} from './ui-kit-examples.js';
import { SectionLinks } from '../../ui/section-links.js';
import { useLinkedSection } from '../../ui/use-linked-section.js';

export const handle: TRouteHandle = { title: 'UI kit' };

/** A component's examples, each under its title; on a grid unless they read better one a row. */
function Examples<TProps extends object>({
  of: Component,
  examples,
  isGrid = true,
}: {
  of: ComponentType<TProps>;
  examples: readonly TExample<TProps>[];
  isGrid?: boolean;
}) {
  const demos = examples.map((example) => (
    <div key={example.title} className="ui-kit__demo">
      <h3 className="ui-kit__demo-title">{example.title}</h3>
      <Component {...example.props} />
    </div>
  ));
  return isGrid ? <div className="ui-kit__grid">{demos}</div> : <>{demos}</>;
}

/** The examples of a component, as a section shows them. */
function examplesOf<TProps extends object>(
  of: ComponentType<TProps>,
  examples: readonly TExample<TProps>[],
  isGrid = true,
): ReactNode {
  return <Examples of={of} examples={examples} isGrid={isGrid} />;
}

function ButtonStates({ variant, labels: [enabled, disabled, loading] }: TButtonStates) {
  return (
    <div className="ui-kit__stack">
      <Button variant={variant}>{enabled}</Button>
      <Button variant={variant} disabled>
        {disabled}
      </Button>
      <Button variant={variant} isLoading>
        {loading}
      </Button>
    </div>
  );
}

function sampleFile({ name, type, bytes }: { name: string; type: string; bytes: number }): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** A file uploader holding its own choice, starting from its sample files. */
function FileUploaderExample({ samples, ...props }: TFileUploaderExample) {
  const [files, setFiles] = useState(() => samples.map(sampleFile));
  return <FileUploader {...props} files={files} onFilesChange={setFiles} />;
}

function ModalExample() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
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
    </>
  );
}

function ToastsExample() {
  const [queue] = useState(createToastQueue);
  return (
    <>
      <div className="ui-kit__row">
        {TOAST_EXAMPLES.map((toast) => (
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
    </>
  );
}

function AlertsExample() {
  const [isDismissed, setIsDismissed] = useState(false);
  return (
    <>
      {ALERT_EXAMPLES.map(({ text, ...alert }) => (
        <Alert key={text} {...alert}>
          <p>{text}</p>
        </Alert>
      ))}
      {isDismissed ? (
        <Button variant="link" onClick={() => setIsDismissed(false)}>
          Show the dismissable alert again
        </Button>
      ) : (
        <Alert variant="info" onDismiss={() => setIsDismissed(true)}>
          <p>A dismissable banner.</p>
        </Alert>
      )}
    </>
  );
}

function LiveRegionExample() {
  const { announce, liveRegion } = useLiveRegion();
  return (
    <>
      <Button variant="secondary" isFullWidth={false} onClick={() => announce('Offer updated')}>
        Announce “Offer updated”
      </Button>
      {liveRegion}
    </>
  );
}

/** Each section of the page: a component (or a few) with its examples. */
const SECTIONS: readonly { id: string; title: string; intro?: string; content: ReactNode }[] = [
  { id: 'buttons', title: 'Buttons', content: examplesOf(ButtonStates, BUTTON_EXAMPLES) },
  { id: 'text-fields', title: 'Text fields', content: examplesOf(TextField, TEXT_FIELD_EXAMPLES) },
  {
    id: 'numeric-fields',
    title: 'Numeric fields',
    intro:
      'At most 6 decimals; commas only in cash amounts. A refused keystroke is announced to screen readers.',
    content: examplesOf(NumericField, NUMERIC_FIELD_EXAMPLES),
  },
  { id: 'selects', title: 'Selects', content: examplesOf(Select, SELECT_EXAMPLES) },
  { id: 'comboboxes', title: 'Comboboxes', content: examplesOf(Combobox, COMBOBOX_EXAMPLES) },
  { id: 'checkboxes', title: 'Checkboxes', content: examplesOf(Checkbox, CHECKBOX_EXAMPLES) },
  {
    id: 'radio-groups',
    title: 'Radio groups',
    content: examplesOf(RadioGroup, RADIO_GROUP_EXAMPLES),
  },
  { id: 'sliders', title: 'Sliders', content: examplesOf(Slider, SLIDER_EXAMPLES) },
  { id: 'modal', title: 'Modal', content: <ModalExample /> },
  {
    id: 'accordion',
    title: 'Accordion',
    content: (
      <Accordion>
        {ACCORDION_EXAMPLES.map(({ text, ...item }) => (
          <AccordionItem key={item.title} {...item}>
            <p>{text}</p>
          </AccordionItem>
        ))}
      </Accordion>
    ),
  },
  {
    id: 'toasts',
    title: 'Toasts',
    intro: 'At most 5 are visible; the others wait their turn. F6 moves focus to them.',
    content: <ToastsExample />,
  },
  { id: 'stepper', title: 'Stepper', content: examplesOf(Stepper, STEPPER_EXAMPLES, false) },
  {
    id: 'file-uploaders',
    title: 'File uploaders',
    content: examplesOf(FileUploaderExample, FILE_UPLOADER_EXAMPLES),
  },
  { id: 'alerts', title: 'Alerts', content: <AlertsExample /> },
  {
    id: 'progress',
    title: 'Progress',
    content: (
      <div className="ui-kit__grid">
        {PROGRESS_EXAMPLES.map((progress, index) => (
          <Progress key={index} {...progress} />
        ))}
      </div>
    ),
  },
  {
    id: 'copy-buttons',
    title: 'Copy buttons',
    content: (
      <>
        <p className="ui-kit__mono">{SAMPLE_ADDRESS}</p>
        <div className="ui-kit__row">
          {COPY_BUTTON_EXAMPLES.map((button, index) => (
            <CopyButton key={index} {...button} />
          ))}
        </div>
      </>
    ),
  },
  { id: 'qr-codes', title: 'QR codes', content: examplesOf(QrCode, QR_CODE_EXAMPLES) },
  {
    id: 'live-region',
    title: 'Live region',
    intro: 'Screen readers hear the message; it is cleared 300 ms later.',
    content: <LiveRegionExample />,
  },
];

/** Sections rendered with the page itself; each further one follows in a render of its own. */
const FIRST_SECTIONS = 2;

/**
 * How many of the sections are shown: FIRST_SECTIONS (or, when the address names a section, every
 * section up to it) at once, then one more after each commit, in a transition. Rendering the whole
 * kit in one go held the main thread for 370 ms at a mid-range phone's speed (Lighthouse's 4×
 * slowdown), the page unresponsive meanwhile; a section at a time, the browser paints and answers
 * input between them.
 */
function useSectionsShown(linkedId: string): number {
  const named = SECTIONS.findIndex((section) => section.id === linkedId);
  const [shown, setShown] = useState(Math.max(FIRST_SECTIONS, named + 1));
  // A section named after the first render (its link followed early) is shown at once.
  if (named + 1 > shown) setShown(named + 1);
  useEffect(() => {
    if (shown >= SECTIONS.length) return;
    startTransition(() => setShown((count) => count + 1));
  }, [shown]);
  return shown;
}

function scrollToSection(target: HTMLElement) {
  target.scrollIntoView({ block: 'start' });
}

/** Every design-system component in every state, for review (operations only). */
export function OpsUiKitPage() {
  // A link to one section (/ops/ui-kit#toasts) scrolls to it once it is shown.
  const shown = useSectionsShown(useLinkedSection(scrollToSection));
  const isComplete = shown >= SECTIONS.length;
  return (
    <div className="ui-kit" aria-busy={isComplete ? undefined : true}>
      <PageHeading>UI kit</PageHeading>
      <nav className="ui-kit__toc" aria-label="Components">
        <SectionLinks sections={SECTIONS} />
      </nav>
      {SECTIONS.slice(0, shown).map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="ui-kit__section"
          aria-labelledby={`${section.id}-heading`}
        >
          <h2 id={`${section.id}-heading`}>{section.title}</h2>
          {section.intro !== undefined && <p>{section.intro}</p>}
          {section.content}
        </section>
      ))}
    </div>
  );
}

export { OpsUiKitPage as Component };
