/**
 * The examples of every design-system component, as data: each is the component's own props under
 * a title, so the UI kit page shows the components themselves, in every state, from one list.
 */
import type { TAlertProps } from '../../ui/alert/alert.js';
import type { TButtonVariant } from '../../ui/button/button.js';
import type { TCheckboxProps } from '../../ui/checkbox/checkbox.js';
import type { TComboboxOption, TComboboxProps } from '../../ui/combobox/combobox.js';
import type { TCopyButtonProps } from '../../ui/copy-button/copy-button.js';
import type { TFileUploaderProps } from '../../ui/file-uploader/file-uploader.js';
import type { TNumericFieldProps } from '../../ui/numeric-field/numeric-field.js';
import type { TProgressProps } from '../../ui/progress/progress.js';
import type { TQrCodeProps } from '../../ui/qr-code/qr-code.js';
import type { TRadioGroupProps } from '../../ui/radio-group/radio-group.js';
import type { TSelectProps } from '../../ui/select/select.js';
import type { TSliderProps } from '../../ui/slider/slider.js';
import type { TStepperProps } from '../../ui/stepper/stepper.js';
import type { TTextFieldProps } from '../../ui/text-field/text-field.js';
import type { TToastContent } from '../../ui/toast/toast-queue.js';

/** One example: a component's props, under the title of the state it shows. */
export type TExample<TProps> = { title: string; props: TProps };

/** A button of each variant: enabled, disabled and busy, with the words of each. */
export type TButtonStates = {
  variant: TButtonVariant;
  labels: readonly [enabled: string, disabled: string, loading: string];
};

/** A sample file for the file uploaders: its name, type and size. */
export type TSampleFile = { name: string; type: string; bytes: number };

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

export const SAMPLE_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/** Longer than any QR code can hold, so the failure texts can be seen. */
const TOO_LONG_FOR_A_QR_CODE = SAMPLE_ADDRESS.repeat(100);

const ID_FRONT: TSampleFile = {
  name: 'drivers-license-front.png',
  type: 'image/png',
  bytes: 482_133,
};
const PASSPORT: TSampleFile = { name: 'passport.pdf', type: 'application/pdf', bytes: 1_250_000 };
const UTILITY_BILL: TSampleFile = { name: 'utility-bill.jpeg', type: 'image/jpeg', bytes: 230_400 };

export const BUTTON_EXAMPLES: readonly TExample<TButtonStates>[] = [
  {
    title: 'Primary',
    props: { variant: 'primary', labels: ['Continue', 'Continue (disabled)', 'Submitting'] },
  },
  {
    title: 'Secondary',
    props: { variant: 'secondary', labels: ['Back', 'Back (disabled)', 'Saving'] },
  },
  {
    title: 'Link',
    props: { variant: 'link', labels: ['Learn more', 'Learn more (disabled)', 'Loading more'] },
  },
];

export const TEXT_FIELD_EXAMPLES: readonly TExample<TTextFieldProps>[] = [
  { title: 'Default', props: { label: 'First name', autoComplete: 'given-name' } },
  { title: 'With a hint', props: { label: 'Wallet address', description: 'Up to 44 characters.' } },
  {
    title: 'Required',
    props: { label: 'Last name', autoComplete: 'family-name', isRequired: true },
  },
  {
    title: 'Invalid',
    props: {
      label: 'Routing number',
      defaultValue: '123456789',
      isRequired: true,
      error: 'Invalid routing number',
    },
  },
  {
    title: 'Disabled',
    props: { label: 'Email', defaultValue: 'borrower@example.com', isDisabled: true },
  },
  {
    title: 'Read-only',
    props: { label: 'Loan ID', defaultValue: 'CEL-2041-7788', isReadOnly: true },
  },
];

const CASH_FIELD = { label: 'Cash to borrow (USD)', prefix: '$', allowCommas: true } as const;

export const NUMERIC_FIELD_EXAMPLES: readonly TExample<TNumericFieldProps>[] = [
  {
    title: 'Cash (commas allowed)',
    props: { ...CASH_FIELD, maxDecimals: 2, defaultValue: '20,000' },
  },
  {
    title: 'Coin quantity',
    props: {
      label: 'Collateral amount (BTC)',
      suffix: 'BTC',
      isRequired: true,
      defaultValue: '0.5',
    },
  },
  {
    title: 'Invalid',
    props: { ...CASH_FIELD, defaultValue: '1,000', error: 'Amount minimum is $5,000' },
  },
  {
    title: 'Disabled',
    props: { label: 'Collateral amount (ETH)', suffix: 'ETH', defaultValue: '2', isDisabled: true },
  },
  {
    title: 'Read-only',
    props: {
      ...CASH_FIELD,
      defaultValue: '25,000',
      isReadOnly: true,
      description: 'No new funds will be disbursed',
    },
  },
];

export const SELECT_EXAMPLES: readonly TExample<TSelectProps>[] = [
  {
    title: 'Default',
    props: {
      label: 'Collateral type',
      placeholder: 'Select a coin',
      options: COLLATERAL_OPTIONS,
      defaultValue: '',
    },
  },
  {
    title: 'Selected',
    props: { label: 'Collateral type', options: COLLATERAL_OPTIONS, defaultValue: 'ETH' },
  },
  {
    title: 'Required and invalid',
    props: {
      label: 'State',
      placeholder: 'Select a state',
      options: STATE_OPTIONS.map((state) => ({ value: state.id, label: state.label })),
      defaultValue: '',
      isRequired: true,
      error: 'Please select an option',
    },
  },
  {
    title: 'Disabled',
    props: { label: 'Collateral type', options: COLLATERAL_OPTIONS, isDisabled: true },
  },
  {
    title: 'Read-only',
    props: {
      label: 'Collateral type',
      options: COLLATERAL_OPTIONS,
      value: 'BTC',
      name: 'collateralType',
      isReadOnly: true,
      description: 'The collateral type of a renewal cannot change.',
    },
  },
];

export const COMBOBOX_EXAMPLES: readonly TExample<TComboboxProps>[] = [
  {
    title: 'Filtered as you type',
    props: {
      label: 'State',
      options: STATE_OPTIONS,
      description: 'Type to filter, or open the list.',
    },
  },
  {
    title: 'Selected',
    props: { label: 'State', options: STATE_OPTIONS, defaultSelectedId: 'NY' },
  },
  {
    title: 'Loading suggestions',
    props: {
      label: 'Home address',
      options: [],
      filtering: 'server',
      allowsCustomValue: true,
      isLoading: true,
      isRequired: true,
    },
  },
  {
    title: 'Invalid',
    props: {
      label: 'State',
      options: STATE_OPTIONS,
      isRequired: true,
      error: 'Please select an option',
    },
  },
  {
    title: 'Disabled',
    props: { label: 'State', options: STATE_OPTIONS, defaultSelectedId: 'OH', isDisabled: true },
  },
  {
    title: 'Read-only',
    props: { label: 'State', options: STATE_OPTIONS, defaultSelectedId: 'CA', isReadOnly: true },
  },
];

const COLLATERAL_SENT = 'I have sent the required amount of collateral';

export const CHECKBOX_EXAMPLES: readonly TExample<TCheckboxProps>[] = [
  { title: 'Default', props: { label: COLLATERAL_SENT } },
  { title: 'Selected', props: { label: 'Send me product updates', defaultChecked: true } },
  {
    title: 'Required and invalid',
    props: { label: COLLATERAL_SENT, isRequired: true, error: 'Required' },
  },
  {
    title: 'With a hint',
    props: { label: 'Stabilization', description: 'Moves the liquidation trigger to 85% LTV.' },
  },
  { title: 'Disabled', props: { label: 'Send me product updates', isDisabled: true } },
  {
    title: 'Read-only',
    props: { label: 'I agree to the terms', defaultChecked: true, isReadOnly: true },
  },
];

const WALLET_TYPE = { label: 'Wallet type', options: WALLET_TYPE_OPTIONS } as const;

export const RADIO_GROUP_EXAMPLES: readonly TExample<TRadioGroupProps>[] = [
  {
    title: 'Default',
    props: { label: 'Where do you reside?', name: 'kit-residency', options: RESIDENCY_OPTIONS },
  },
  {
    title: 'Selected',
    props: { ...WALLET_TYPE, name: 'kit-wallet-selected', defaultValue: 'CUSTODIAL' },
  },
  {
    title: 'Required and invalid',
    props: {
      ...WALLET_TYPE,
      name: 'kit-wallet-invalid',
      isRequired: true,
      error: 'Please select an option',
    },
  },
  {
    title: 'Disabled',
    props: {
      ...WALLET_TYPE,
      name: 'kit-wallet-disabled',
      defaultValue: 'SELF_HOSTED',
      isDisabled: true,
    },
  },
  {
    title: 'Read-only',
    props: {
      ...WALLET_TYPE,
      name: 'kit-wallet-read-only',
      defaultValue: 'CUSTODIAL',
      isReadOnly: true,
    },
  },
];

const CASH_SLIDER = { label: 'Cash to borrow', min: 5000, max: 100000 } as const;

export const SLIDER_EXAMPLES: readonly TExample<TSliderProps>[] = [
  { title: 'Defaults (0 to 100)', props: { label: 'Amount', defaultValue: 40 } },
  { title: 'Only a minimum (minimum + 100)', props: { label: 'Amount', min: 5000 } },
  {
    title: 'Cash to borrow',
    props: { ...CASH_SLIDER, max: 2000000, step: 1000, defaultValue: 20000 },
  },
  {
    title: 'Invalid',
    props: {
      ...CASH_SLIDER,
      step: 1000,
      defaultValue: 100000,
      error:
        'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
    },
  },
  { title: 'Disabled', props: { ...CASH_SLIDER, defaultValue: 30000, isDisabled: true } },
  { title: 'Read-only', props: { ...CASH_SLIDER, value: 25000, isReadOnly: true } },
];

export const STEPPER_EXAMPLES: readonly TExample<TStepperProps>[] = [
  { title: 'First step', props: { label: 'Loan progress, first step', currentIndex: 0 } },
  { title: 'Third step of four', props: { label: 'Loan progress, third step', currentIndex: 2 } },
  { title: 'Last step', props: { label: 'Loan progress, last step', currentIndex: 3 } },
  {
    title: 'All complete',
    props: { label: 'Loan progress, complete', currentIndex: TRACKER_STEPS.length },
  },
].map(({ title, props }) => ({ title, props: { ...props, steps: TRACKER_STEPS } }));

/** A file uploader's props, its chosen files named as samples (made when the page shows). */
export type TFileUploaderExample = Omit<TFileUploaderProps, 'files' | 'onFilesChange'> & {
  samples: readonly TSampleFile[];
};

const ID_UPLOADER = { label: 'Photo of your ID', accept: ID_MIME_TYPES } as const;

export const FILE_UPLOADER_EXAMPLES: readonly TExample<TFileUploaderExample>[] = [
  { title: 'Required (selecting)', props: { ...ID_UPLOADER, samples: [] } },
  { title: 'File chosen', props: { ...ID_UPLOADER, samples: [ID_FRONT] } },
  {
    title: 'Uploading',
    props: { label: 'Passport', accept: ID_MIME_TYPES, samples: [PASSPORT], status: 'uploading' },
  },
  {
    title: 'Uploaded',
    props: {
      label: 'Additional documents',
      accept: ID_MIME_TYPES,
      isMultiple: true,
      samples: [PASSPORT, UTILITY_BILL],
      status: 'uploaded',
    },
  },
  {
    title: 'Invalid',
    props: { ...ID_UPLOADER, samples: [], error: 'An ID must be uploaded' },
  },
  {
    title: 'Optional and disabled',
    props: {
      label: 'Additional document',
      accept: ID_MIME_TYPES,
      samples: [],
      isRequired: false,
      isDisabled: true,
    },
  },
];

export const QR_CODE_EXAMPLES: readonly TExample<TQrCodeProps>[] = [
  {
    title: 'Deposit address',
    props: { value: `bitcoin:${SAMPLE_ADDRESS}`, alt: 'QR code of the deposit address' },
  },
  { title: 'Failed, borrower flow', props: { value: TOO_LONG_FOR_A_QR_CODE, alt: 'QR code' } },
  {
    title: 'Failed, refinancing',
    props: { value: TOO_LONG_FOR_A_QR_CODE, alt: 'QR code', failureVariant: 'refinancing' },
  },
];

/** An alert with its words (a paragraph). */
export type TAlertExample = Omit<TAlertProps, 'children'> & { text: string };

export const ALERT_EXAMPLES: readonly TAlertExample[] = [
  {
    variant: 'info',
    title: 'Rates are fixed',
    text: 'Both rate tiers are fixed for the 12-month term.',
  },
  {
    variant: 'warn',
    text: 'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.',
  },
  {
    variant: 'error',
    title: 'Unable to load documents',
    text: 'Unable to load documents. Please try again later',
  },
  { variant: 'success', isLive: true, text: 'Your documents are signed.' },
];

export const PROGRESS_EXAMPLES: readonly TProgressProps[] = [
  { label: 'Not started', value: 0, max: 100 },
  { label: 'Upload', value: 45, max: 100 },
  { label: 'Documents signed', value: 3, max: 4 },
  { label: 'Checking the deposit' },
];

export const COPY_BUTTON_EXAMPLES: readonly TCopyButtonProps[] = [
  { text: SAMPLE_ADDRESS, what: 'deposit address' },
  { text: SAMPLE_ADDRESS, what: 'deposit address', variant: 'link' },
  { text: SAMPLE_ADDRESS, what: 'deposit address', isDisabled: true },
];

export const ACCORDION_EXAMPLES = [
  {
    title: 'What is LTV?',
    text: 'Loan-to-value: the loan amount divided by the value of the collateral.',
    defaultOpen: true,
  },
  { title: 'Is there a prepayment penalty?', text: 'No. The loan can be paid off at any time.' },
  { title: 'How long does funding take?', text: 'ACH funds arrive in 3-5 business days.' },
] as const;

export const TOAST_EXAMPLES: readonly TToastContent[] = [
  { title: 'Offer saved', variant: 'success' },
  { title: 'Prices updated', description: 'Rates follow the latest coin prices.', variant: 'info' },
  { title: 'Collateral pending', description: 'Waiting for 2 confirmations.', variant: 'warn' },
  { title: 'Upload failed', description: 'Try again in a moment.', variant: 'error' },
];
