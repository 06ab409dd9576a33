import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getFinalSteps,
  postIdentityDocuments,
  type TApplication,
  type TIdentityDocument,
} from '@pledge/contract';
import type { TApplicationState } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
  TEST_IDENTITY_UUID,
} from '../../application/application-test-data.js';
import { LOADED } from '../../../test/loaded.js';
import { flagDecisions } from '../../../flags/flag-test-data.js';

const UPLOAD = `POST ${buildPath(postIdentityDocuments.path, { appUuid: TEST_APP_UUID })}`;

const png = (name = 'licence.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const pdf = (name = 'utility-bill.pdf') =>
  new File(['%PDF-1.7'], name, { type: 'application/pdf' });

interface TSentUpload {
  documentType: string;
  documentOwnerIdentityUuid: string;
  fileName: string;
  document: File;
}

function stored(upload: TSentUpload): TIdentityDocument {
  return {
    uuid: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
    documentType: upload.documentType as TIdentityDocument['documentType'],
    documentOwnerIdentityUuid: upload.documentOwnerIdentityUuid,
    fileName: upload.fileName,
    contentType: upload.document.type as TIdentityDocument['contentType'],
    sizeBytes: upload.document.size,
    uploadedAt: '2025-01-03T00:00:00.000Z',
    reviewStatus: 'PENDING',
    reviewReason: null,
  };
}

interface TServeOptions {
  application?: TApplication;
  showAdditionalDocs?: boolean;
  /** Answers one upload; the default stores it. */
  upload?: (sent: TSentUpload) => Response | Promise<Response>;
  finalSteps?: () => Response | Promise<Response>;
}

function serve({
  application = makeApplication({ state: 'SIGN_DOCS' }),
  showAdditionalDocs = false,
  upload = (sent) => jsonResponse(stored(sent), 201),
  finalSteps = () => jsonResponse(makeFinalSteps({}, 'NOT_STARTED')),
}: TServeOptions = {}) {
  const sent: TSentUpload[] = [];
  const fetch = mockFetch({
    ...signedInWithApplication(application),
    [`GET ${buildPath(getFinalSteps.path, { appUuid: TEST_APP_UUID })}`]: finalSteps,
    ...flagDecisions(
      (experimentKey) => experimentKey === 'fe-plc-show-additional-docs' && showAdditionalDocs,
    ),
    [UPLOAD]: (_url, init) => {
      const form = init.body as FormData;
      const one: TSentUpload = {
        documentType: String(form.get('documentType')),
        documentOwnerIdentityUuid: String(form.get('documentOwnerIdentityUuid')),
        fileName: String(form.get('fileName')),
        document: form.get('document') as File,
      };
      sent.push(one);
      return upload(one);
    },
  });
  return { fetch, sent };
}

async function openIdentity() {
  const view = renderApp(`${TEST_APP_PATH}/identity`);
  await screen.findByRole('button', { name: 'Submit' }, LOADED);
  return view;
}

function fileInput(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

/** The uploaded state stays on screen until the borrower continues to the final steps. */
async function continueAfterUpload(
  user: ReturnType<typeof renderApp>['user'],
  router: ReturnType<typeof renderApp>['router'],
) {
  expect(await screen.findByText('Your ID was uploaded', {}, LOADED)).toBeVisible();
  expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/identity`);
  const next = screen.getByRole('link', { name: 'Continue' });
  expect(next).toHaveFocus();
  await user.click(next);
  await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/{appUuid}/identity for a US borrower', () => {
  it('asks for the ID type and the front of the ID, and says what is missing', async () => {
    const { sent } = serve();
    const { user } = await openIdentity();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload ID' })).toBeVisible();
    const idType = screen.getByRole('radiogroup', { name: 'ID type' });
    expect(
      within(idType)
        .getAllByRole('radio')
        .map((radio) => radio.closest('.choice')?.textContent),
    ).toEqual(['Driver’s license', 'State ID', 'Passport']);
    const uploader = fileInput('Front of your ID').closest<HTMLElement>('.file-uploader');
    expect(within(uploader as HTMLElement).getByText('Required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Additional document')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Select an ID type')).toBeVisible();
    expect(screen.getByText('An ID must be uploaded')).toBeVisible();
    expect(fileInput('Front of your ID')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file that is not PNG, JPEG or PDF, with a message', async () => {
    serve();
    await openIdentity();
    fireEvent.change(fileInput('Front of your ID'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await screen.findByText('notes.txt: only PNG, JPEG, PDF files can be uploaded.'),
    ).toBeVisible();
    expect(screen.queryByText('notes.txt', { selector: '.file-uploader__file-name' })).toBeNull();
  });

  it('keeps saying why a file was refused when Submit is pressed without one', async () => {
    serve();
    const { user } = await openIdentity();
    await user.click(screen.getByRole('radio', { name: 'State ID' }));
    fireEvent.change(fileInput('Front of your ID'), {
      target: { files: [new File(['gif'], 'id.gif', { type: 'image/gif' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('id.gif: only PNG, JPEG, PDF files can be uploaded.'),
    ).toBeVisible();
    expect(fileInput('Front of your ID')).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads the ID as multipart with its type, marks Verify Identity in progress and returns to the final steps', async () => {
    let holdChecklist = false;
    const { sent } = serve({
      finalSteps: () =>
        holdChecklist ? new Promise<Response>(() => {}) : jsonResponse(makeFinalSteps()),
    });
    const { user, router } = renderApp(`${TEST_APP_PATH}/next-steps`);
    await user.click(await screen.findByRole('link', { name: 'Start Verify Identity' }, LOADED));
    await screen.findByRole('button', { name: 'Submit' }, LOADED);
    // The checklist's next fetch never answers: what it shows is the cached, updated list.
    holdChecklist = true;

    await user.click(screen.getByRole('radio', { name: 'Driver’s license' }));
    const file = png();
    await user.upload(fileInput('Front of your ID'), file);
    expect(screen.getByText('licence.png')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Uploaded, and seen: the tag and the count stay until the borrower moves on.
    expect(await screen.findByText('1 file(s) uploaded', {}, LOADED)).toBeVisible();
    expect(screen.getByText('Uploaded', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await continueAfterUpload(user, router);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      documentType: 'DRIVERS_LICENSE_FRONT',
      documentOwnerIdentityUuid: TEST_IDENTITY_UUID,
      fileName: 'licence.png',
    });
    expect(sent[0]?.document.name).toBe('licence.png');
    expect(sent[0]?.document.size).toBe(file.size);
    expect(await screen.findByText('ID in Review', {}, LOADED)).toBeVisible();
  });

  it('uploads once however often Submit is pressed', async () => {
    let answer: (response: Response) => void = () => {};
    const { sent } = serve({
      upload: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, router } = await openIdentity();
    await user.click(screen.getByRole('radio', { name: 'State ID' }));
    await user.upload(fileInput('Front of your ID'), png());
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.click(submit);
    await user.click(submit);
    await user.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Uploading', { selector: '.tag' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    answer(jsonResponse(stored(sent[0] as TSentUpload), 201));
    await continueAfterUpload(user, router);
    expect(sent).toHaveLength(1);
  });

  it("shows the server's refusal of the file on the file field", async () => {
    serve({
      upload: () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'Upload a PNG, JPEG or PDF file',
            fieldErrors: { document: ['Upload a PNG, JPEG or PDF file'] },
          },
          400,
        ),
    });
    const { user, router } = await openIdentity();
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    await user.upload(fileInput('Front of your ID'), png('fake.png'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Upload a PNG, JPEG or PDF file')).toBeVisible();
    expect(fileInput('Front of your ID')).toHaveAttribute('aria-invalid', 'true');
    expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/identity`);
    expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('aria-busy');
  });

  it('says the ID was not uploaded when the server fails', async () => {
    serve({
      upload: () => jsonResponse({ code: 'UNAVAILABLE', message: 'Storage is unavailable' }, 503),
    });
    const { user } = await openIdentity();
    await user.click(screen.getByRole('radio', { name: 'State ID' }));
    await user.upload(fileInput('Front of your ID'), png());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your ID was not uploaded');
    expect(alert).toHaveTextContent('Storage is unavailable');
  });
});

describe('/{appUuid}/identity for a passport upload', () => {
  it('asks an international borrower for a passport only', async () => {
    const { sent } = serve({
      application: makeApplication({ state: 'SIGN_DOCS', isInternational: true }),
    });
    const { user, router } = await openIdentity();
    expect(screen.queryByRole('radiogroup', { name: 'ID type' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Additional document')).not.toBeInTheDocument();
    await user.upload(fileInput('Passport picture'), png('passport.png'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await continueAfterUpload(user, router);
    expect(sent.map((one) => one.documentType)).toEqual(['PASSPORT_FRONT']);
  });

  it('asks for a passport and a proof of address while the additional-documents flag is on', async () => {
    const { sent } = serve({ showAdditionalDocs: true });
    const { user, router } = await openIdentity();
    expect(screen.queryByRole('radiogroup', { name: 'ID type' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'A document that shows your full name and address, for example a utility bill.',
      ),
    ).toBeVisible();

    await user.upload(fileInput('Passport picture'), png('passport.png'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Must provide additional document')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.upload(fileInput('Additional document'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await continueAfterUpload(user, router);
    expect(sent.map((one) => [one.documentType, one.fileName])).toEqual([
      ['PASSPORT_FRONT', 'passport.png'],
      ['USER_UPLOADED_DOCUMENT', 'utility-bill.pdf'],
    ]);
  });

  it('does not send an uploaded file again when the next one failed', async () => {
    let failAdditional = true;
    const { sent } = serve({
      showAdditionalDocs: true,
      upload: (one) =>
        one.documentType === 'USER_UPLOADED_DOCUMENT' && failAdditional
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'Try again shortly' }, 503)
          : jsonResponse(stored(one), 201),
    });
    const { user, router } = await openIdentity();
    await user.upload(fileInput('Passport picture'), png('passport.png'));
    await user.upload(fileInput('Additional document'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again shortly');
    expect(screen.getByText('1 file(s) uploaded')).toBeVisible();

    failAdditional = false;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await continueAfterUpload(user, router);
    expect(sent.map((one) => one.documentType)).toEqual([
      'PASSPORT_FRONT',
      'USER_UPLOADED_DOCUMENT',
      'USER_UPLOADED_DOCUMENT',
    ]);
  });
});

describe('/{appUuid}/identity while the funds wait for the ID', () => {
  it.each<TApplicationState>([
    'CRYPTO_FUNDING_VERIFY',
    'BORROWER_MICRO_DEPOSIT_CONFIRM',
    'MANUAL_FUNDING_RELEASE',
  ])('%s: uploads the ID and returns to the application status', async (state) => {
    const { sent } = serve({ application: makeApplication({ state }) });
    const { user, router } = await openIdentity();
    await user.click(screen.getByRole('radio', { name: 'Driver’s license' }));
    await user.upload(fileInput('Front of your ID'), png());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your ID was uploaded', {}, LOADED)).toBeVisible();
    expect(
      screen.getByText('We will review it shortly; your application status shows its progress.'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/complete`), LOADED);
    expect(sent.map((one) => one.documentType)).toEqual(['DRIVERS_LICENSE_FRONT']);
  });

  it('says an approved ID is final and leads back to the application status', async () => {
    const { sent } = serve({
      application: makeApplication({ state: 'MANUAL_FUNDING_RELEASE' }),
      finalSteps: () => jsonResponse(makeFinalSteps({ 'Verify Identity': 'COMPLETED' })),
    });
    renderApp(`${TEST_APP_PATH}/identity`);
    expect(await screen.findByText('Your ID is verified', {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your application status' })).toHaveAttribute(
      'href',
      `${TEST_APP_PATH}/complete`,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('/{appUuid}/identity outside the final steps', () => {
  it.each<TApplicationState>(['OFFER_ACCEPTED', 'GEN_APP_DISCLOSURES', 'COMPLETE', 'PAID_OFF'])(
    '%s leaves for the final steps, which decide where to go',
    async (state) => {
      const { sent } = serve({ application: makeApplication({ state }) });
      const { router } = renderApp(`${TEST_APP_PATH}/identity`);
      await waitFor(() => expect(currentUrl(router)).not.toBe(`${TEST_APP_PATH}/identity`), LOADED);
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
      expect(sent).toHaveLength(0);
    },
  );
});

describe('/{appUuid}/identity once the ID is approved', () => {
  it('shows the verified ID and no upload control', async () => {
    const { sent } = serve({
      finalSteps: () => jsonResponse(makeFinalSteps({ 'Verify Identity': 'COMPLETED' })),
    });
    const { user, router } = renderApp(`${TEST_APP_PATH}/identity`);
    expect(await screen.findByText('Your ID is verified', {}, LOADED)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload ID' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Front of your ID')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to your next steps' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
    expect(sent).toHaveLength(0);
  });

  it('sends only the additional document an agent asked for when the passport is already approved', async () => {
    const { sent } = serve({
      showAdditionalDocs: true,
      finalSteps: () => jsonResponse(makeFinalSteps({ 'Verify Identity': 'IN_PROGRESS' })),
      upload: (one) =>
        one.documentType === 'PASSPORT_FRONT'
          ? jsonResponse(
              {
                code: 'ID_ALREADY_APPROVED',
                message: 'Your ID has already been verified, so it cannot be replaced',
              },
              409,
            )
          : jsonResponse(stored(one), 201),
    });
    const { user, router } = await openIdentity();
    await user.upload(fileInput('Passport picture'), png('passport.png'));
    await user.upload(fileInput('Additional document'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await continueAfterUpload(user, router);
    expect(sent.map((one) => one.documentType)).toEqual([
      'PASSPORT_FRONT',
      'USER_UPLOADED_DOCUMENT',
    ]);
  });
});
